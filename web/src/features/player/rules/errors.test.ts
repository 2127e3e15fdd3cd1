import { describe, expect, it } from 'vitest';
import { initialCounters, onPlayerError, onVideoError, type ErrorCounters, type PlayerErrorEvent } from './errors';

const net = (status?: number): PlayerErrorEvent => ({ type: 'networkError', details: 'fragLoadError', fatal: true, status });
const media: PlayerErrorEvent = { type: 'mediaError', details: 'bufferAppendError', fatal: true };

function run(events: PlayerErrorEvent[], start = initialCounters()) {
  let c: ErrorCounters = start;
  return events.map((e) => {
    const r = onPlayerError(c, e);
    c = r.counters;
    return r.action;
  });
}

describe('player error rules', () => {
  it('restarts loading on fatal network errors and destroys after more than 2', () => {
    expect(run([net(), net(), net()])).toEqual(['restartLoad', 'restartLoad', 'destroy']);
  });

  it('reloads the playlist on a 404', () => {
    expect(run([net(404)])).toEqual(['reloadSource']);
  });

  it('recovers media errors, and they count too', () => {
    expect(run([media, media, media])).toEqual(['recoverMedia', 'recoverMedia', 'destroy']);
  });

  it('sets the codec error for incompatible codecs (no recovery)', () => {
    expect(run([{ type: 'mediaError', details: 'bufferIncompatibleCodecsError', fatal: true }])).toEqual(['codecError']);
    expect(run([{ type: 'mediaError', details: 'manifestIncompatibleCodecsError', fatal: true }])).toEqual(['codecError']);
  });

  it('swaps the audio codec once on a codec append failure, then gives up', () => {
    const e: PlayerErrorEvent = { type: 'mediaError', details: 'bufferAddCodecError', fatal: true };
    expect(run([e, e])).toEqual(['swapAudioCodec', 'codecError']);
  });

  it('recovers media on buffer full without counting it', () => {
    const full: PlayerErrorEvent = { type: 'mediaError', details: 'bufferFullError', fatal: false };
    expect(run([full, full, full, net()])).toEqual(['recoverMedia', 'recoverMedia', 'recoverMedia', 'restartLoad']);
  });

  it('flags a video error after more than 5 fragment-parse or stall errors', () => {
    const stall: PlayerErrorEvent = { type: 'mediaError', details: 'bufferStalledError', fatal: false };
    const parse: PlayerErrorEvent = { type: 'mediaError', details: 'fragParsingError', fatal: false };
    expect(run([stall, parse, stall, parse, stall, parse])).toEqual(['ignore', 'ignore', 'ignore', 'ignore', 'ignore', 'videoError']);
  });

  it('ignores non-fatal errors, and counts the fatal ones of a source however far apart', () => {
    expect(run([{ ...net(), fatal: false }])).toEqual(['ignore']);
    // No quiet period starts the count again: the third error stops playback, an hour later too.
    const r1 = onPlayerError(initialCounters(), net());
    const r2 = onPlayerError(r1.counters, net());
    const r3 = onPlayerError(r2.counters, net());
    expect(r3.action).toBe('destroy');
    expect(r3.counters.errors).toBe(3);
  });

  it('retries a video error 10 times, 10 s further each time, then flags it and resets', () => {
    let retries = 0;
    const seeks: number[] = [];
    for (;;) {
      const step = onVideoError(retries, 100);
      retries = step.retries;
      if (step.failed) break;
      seeks.push(step.seekTo!);
    }
    expect(seeks).toEqual([110, 120, 130, 140, 150, 160, 170, 180, 190]);
    expect(retries).toBe(0);
  });
});
