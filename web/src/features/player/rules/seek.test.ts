import { describe, expect, it, vi } from 'vitest';
import { canControlTime, clampVolume, decideSeek, decideSkip, scrubRange, SkipAccumulator, tapZone, type SeekContext } from './seek';

const now = 10_000;
const programme = { start: 8_000, end: 9_000 };
const archive: SeekContext = { kind: 'archive', hasArchive: true, now, programme, archiveFrom: 1_000 };
const liveArchive: SeekContext = { kind: 'live', hasArchive: true, now, programme: { start: 9_500, end: 10_500 }, archiveFrom: 1_000 };

describe('skip and scrub limits', () => {
  it('allows archive controls only with an archive (always on vod)', () => {
    expect(canControlTime('live', false)).toBe(false);
    expect(canControlTime('live', true)).toBe(true);
    expect(canControlTime('vod', false)).toBe(true);
    expect(decideSkip({ ...liveArchive, hasArchive: false }, 9_900, -10)).toEqual({ type: 'ignore' });
  });

  it('keeps seeks inside the programme, 5 s before its end', () => {
    expect(decideSeek(archive, 8_500)).toEqual({ type: 'seek', to: 8_500 });
    expect(decideSeek(archive, 8_998)).toEqual({ type: 'seek', to: 8_995 });
  });

  it('ignores skips into the future', () => {
    expect(decideSkip(liveArchive, 9_995, 10)).toEqual({ type: 'ignore' });
    expect(decideSkip(liveArchive, 9_900, -10)).toEqual({ type: 'seek', to: 9_890 });
  });

  it('reports skips before the programme start or past its end as outside', () => {
    expect(decideSkip(archive, 8_005, -10)).toEqual({ type: 'outside', to: 7_995 });
    expect(decideSeek(archive, 9_001)).toEqual({ type: 'outside', to: 9_001 });
  });

  it('never goes before the archive start', () => {
    expect(decideSeek({ ...archive, archiveFrom: 8_200 }, 8_100)).toEqual({ type: 'seek', to: 8_200 });
    expect(decideSeek({ ...archive, archiveFrom: 8_000 }, 7_000)).toEqual({ type: 'ignore' });
    expect(decideSeek({ kind: 'live', hasArchive: true, now, archiveFrom: 5_000 }, 4_000)).toEqual({ type: 'seek', to: 5_000 });
  });

  it('clamps vod seeks to the video', () => {
    const vod: SeekContext = { kind: 'vod', hasArchive: false, now, duration: 100 };
    expect(decideSeek(vod, -5)).toEqual({ type: 'seek', to: 0 });
    expect(decideSeek(vod, 200)).toEqual({ type: 'seek', to: 95 });
  });

  it('scrubs over the programme, else archiveFrom..now, else the vod', () => {
    expect(scrubRange(archive)).toEqual(programme);
    expect(scrubRange({ kind: 'live', hasArchive: true, now, archiveFrom: 1_000 })).toEqual({ start: 1_000, end: now });
    expect(scrubRange({ kind: 'vod', hasArchive: false, now, duration: 60 })).toEqual({ start: 0, end: 60 });
    expect(scrubRange({ kind: 'vod', hasArchive: false, now, duration: NaN })).toBeNull();
  });

  it('clamps the volume to 0..1', () => {
    expect(clampVolume(1.2)).toBe(1);
    expect(clampVolume(-0.1)).toBe(0);
    expect(clampVolume(NaN)).toBe(1);
  });

  it('splits taps into the outer fifths', () => {
    expect(tapZone(10, 500)).toBe('back');
    expect(tapZone(250, 500)).toBe('middle');
    expect(tapZone(490, 500)).toBe('forward');
  });

  it('adds skips pressed within 500 ms into one seek', () => {
    vi.useFakeTimers();
    const settle = vi.fn();
    const acc = new SkipAccumulator(settle);
    acc.add(10);
    vi.advanceTimersByTime(300);
    expect(acc.add(10)).toBe(20);
    vi.advanceTimersByTime(499);
    expect(settle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(settle).toHaveBeenCalledWith(20);
    vi.useRealTimers();
  });
});
