import { useEffect, useState } from 'react';

/** How often programme progress bars and the guide's now line move (the spec's 7 s). */
export const PROGRESS_REFRESH_MS = 7_000;

/** Unix seconds, refreshed every `everyMs` (programme progress bars, on-air marks, the guide's now line). */
export function useNowSeconds(everyMs = PROGRESS_REFRESH_MS): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const id = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
