import { useEffect, useState } from 'react';

/** Unix seconds, refreshed every `everyMs` (the guide's now line moves with it). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const id = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
