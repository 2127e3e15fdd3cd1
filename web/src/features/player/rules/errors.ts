import { PLAYER } from './constants';

// The spec's error rules (section 4 "Player"), as a pure step function over hls.js error
// events: what the engine does next and how the counters move.

/** The part of hls.js ErrorData the rules read (details are hls.js ErrorDetails strings). */
export interface PlayerErrorEvent {
  type: string; // 'networkError' | 'mediaError' | 'muxError' | 'otherError' | ...
  details: string;
  fatal: boolean;
  /** HTTP status of a failed load, when known. */
  status?: number;
}

/** Counted for one source (a new source starts from zero); they never reset by time alone. */
export interface ErrorCounters {
  errors: number;
  fragmentErrors: number;
  codecSwaps: number;
}

export const initialCounters = (): ErrorCounters => ({ errors: 0, fragmentErrors: 0, codecSwaps: 0 });

export type ErrorAction =
  | 'ignore'
  | 'restartLoad' // fatal network error: start loading again
  | 'reloadSource' // 404: load the playlist again
  | 'recoverMedia' // media error, buffer full
  | 'swapAudioCodec' // first codec append failure: swap the audio codec and recover
  | 'codecError' // incompatible codecs: error_video_codec, pause
  | 'videoError' // too many fragment errors: the video-error retry path
  | 'destroy'; // more than 2 errors: stop, destroy, error_video_download

const CODEC_ERRORS = new Set(['manifestIncompatibleCodecsError', 'bufferIncompatibleCodecsError']);
const FRAGMENT_ERRORS = new Set(['fragParsingError', 'bufferStalledError']);

export function onPlayerError(prev: ErrorCounters, e: PlayerErrorEvent): { counters: ErrorCounters; action: ErrorAction } {
  const c = { ...prev };

  if (CODEC_ERRORS.has(e.details)) return { counters: c, action: 'codecError' };
  if (e.details === 'bufferAddCodecError' && e.fatal) {
    if (c.codecSwaps === 0) return { counters: { ...c, codecSwaps: 1 }, action: 'swapAudioCodec' };
    return { counters: c, action: 'codecError' };
  }
  if (e.details === 'bufferFullError') return { counters: c, action: 'recoverMedia' };

  if (FRAGMENT_ERRORS.has(e.details)) {
    const fragmentErrors = c.fragmentErrors + 1;
    const counters = { ...c, fragmentErrors };
    if (fragmentErrors > PLAYER.maxFragmentErrors) return { counters: { ...counters, fragmentErrors: 0 }, action: 'videoError' };
    if (!e.fatal) return { counters, action: 'ignore' };
    // A fatal one counts as a player error as well (below).
    return countFatal(counters, e);
  }
  if (!e.fatal) return { counters: c, action: 'ignore' };
  return countFatal(c, e);
}

function countFatal(c: ErrorCounters, e: PlayerErrorEvent): { counters: ErrorCounters; action: ErrorAction } {
  const counters = { ...c, errors: c.errors + 1 };
  if (counters.errors > PLAYER.maxErrors) return { counters, action: 'destroy' };
  if (e.type === 'networkError') return { counters, action: e.status === 404 ? 'reloadSource' : 'restartLoad' };
  if (e.type === 'mediaError') return { counters, action: 'recoverMedia' };
  return { counters, action: 'destroy' };
}

export interface VideoErrorStep {
  retries: number;
  /** Seek here (media seconds) and load again; null when the retries are used up. */
  seekTo: number | null;
  /** The error flag: the retries are used up (the count is reset). */
  failed: boolean;
}

/** On a video error: retry up to 10 times, each time 10 s further than where it broke. */
export function onVideoError(retries: number, position: number): VideoErrorStep {
  const next = retries + 1;
  if (next >= PLAYER.videoErrorRetries) return { retries: 0, seekTo: null, failed: true };
  return { retries: next, seekTo: position + PLAYER.videoErrorSkip * next, failed: false };
}
