import { useEffect, useState } from 'react';

// The box's clock. Rules read `notificationClock.now()` and re-check every second, so
// tests move time with fake timers (Vitest) or Playwright's page.clock and see notices
// appear and come back exactly at their delays.

export const notificationClock = { now: (): number => Date.now() };

/** How often time-bound rules (the 5 s nudge, reopen delays) are checked again. */
export const TICK_MS = 1000;

/** The clock's time, re-read every tick while mounted. */
export function useClockNow(): number {
  const [now, setNow] = useState(() => notificationClock.now());
  useEffect(() => {
    const id = setInterval(() => setNow(notificationClock.now()), TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}
