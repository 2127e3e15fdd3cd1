// The history cadence (spec 9 "History saved after 10 s watched"; our design for the
// rest): the position is saved once 10 s were watched, then every 30 s of playing, and
// when the viewer leaves.

export const HISTORY_EVERY_MS = 30_000;

export interface HistoryMark {
  seconds: number;
  duration: number;
}

/** The position to save from the video element's clock; null before anything is known. */
export function historyMark(currentTime: number, duration: number): HistoryMark | null {
  if (!Number.isFinite(currentTime) || currentTime < 0) return null;
  return {
    seconds: Math.floor(currentTime),
    duration: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : 0,
  };
}
