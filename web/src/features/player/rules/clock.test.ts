import { describe, expect, it } from 'vitest';
import { blackoutAt } from './blackout';
import { absToMedia, anchorsFrom, atLiveEdge, mediaToAbs, programmeEnded } from './clock';

// Two fragments, then a discontinuity (loop wrap) where the PDT jumps on.
const anchors = anchorsFrom([
  { start: 0, duration: 2, programDateTime: 1_000_000 },
  { start: 2, duration: 2, programDateTime: 1_002_000 },
  { start: 4, duration: 2, programDateTime: 1_010_000 },
  { start: 6, duration: 2, programDateTime: null },
]);

describe('PDT clock', () => {
  it('maps media time to the wall clock across a discontinuity', () => {
    expect(mediaToAbs(anchors, 1)).toBe(1_001);
    expect(mediaToAbs(anchors, 3.5)).toBe(1_003.5);
    expect(mediaToAbs(anchors, 5)).toBe(1_011);
    expect(mediaToAbs([], 5)).toBeNull();
  });

  it('finds the media position of a moment in the playlist', () => {
    expect(absToMedia(anchors, 1_001.5)).toBe(1.5);
    expect(absToMedia(anchors, 1_010.5)).toBe(4.5);
    expect(absToMedia(anchors, 1_006)).toBeNull(); // the gap before the wrap
    expect(absToMedia(anchors, 900)).toBeNull();
  });

  it('reports the programme end once', () => {
    const p = { end: 2_000 };
    expect(programmeEnded(1_999, p, null)).toBe(false);
    expect(programmeEnded(2_000, p, null)).toBe(true);
    expect(programmeEnded(2_001, p, 2_000)).toBe(false);
    expect(programmeEnded(2_001, undefined, null)).toBe(false);
  });

  it('counts within 30 s of now as live', () => {
    expect(atLiveEdge(970, 1_000)).toBe(true);
    expect(atLiveEdge(969, 1_000)).toBe(false);
  });
});

describe('blackout', () => {
  const ranges = [{ start: 100, end: 200 }];
  it('finds the range the clock is in, never at live', () => {
    expect(blackoutAt(ranges, 150, false)).toEqual(ranges[0]);
    expect(blackoutAt(ranges, 200, false)).toBeNull();
    expect(blackoutAt(ranges, 150, true)).toBeNull();
    expect(blackoutAt(undefined, 150, false)).toBeNull();
    expect(blackoutAt(ranges, null, false)).toBeNull();
  });
});
