import { useEffect, useState } from 'react';
import { secondsLeft } from './code';

/** Seconds left until `endsAt` (ms since epoch), re-rendering every second until 0. */
export function useCountdown(endsAt: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (endsAt === null) return;
    const id = window.setInterval(() => {
      setTick((n) => n + 1);
      if (Date.now() >= endsAt) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [endsAt]);
  return secondsLeft(endsAt, Date.now());
}
