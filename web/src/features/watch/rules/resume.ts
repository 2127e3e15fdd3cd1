// Resume (spec 4 "Content page and play flow" 6, spec 9): a saved position is offered when
// it is at least 10 s and at most 12600 s and the content was not watched to the end
// (100 %); then 'watch from the beginning' shows for 5 s.

export const RESUME_MIN_SECONDS = 10;
export const RESUME_MAX_SECONDS = 12_600;
export const RESTART_OFFER_MS = 5_000;

export interface SavedPosition {
  seconds: number;
  watch_percentage: number;
}

/** Where playback starts: the saved second when the resume rule holds, else null (from the start). */
export function resumeFrom(history: SavedPosition | null | undefined): number | null {
  if (!history) return null;
  const { seconds, watch_percentage } = history;
  if (!Number.isFinite(seconds) || seconds < RESUME_MIN_SECONDS || seconds > RESUME_MAX_SECONDS) return null;
  if (watch_percentage >= 100) return null;
  return Math.floor(seconds);
}
