import { startActivePolling } from './activePolling';
import type { ActivitySource } from './activity';

// Keep-alive (spec 9): every 5 minutes while the viewer is active and logged in, one cheap
// authenticated call (GET /v2/users/self). A token that went bad is found then, not on the
// viewer's next click: the API client's 401 handling re-authenticates the device.

export const KEEP_ALIVE_MS = 5 * 60 * 1000;

export interface KeepAliveOptions {
  /** The authenticated call; its failure is handled by the API client, not here. */
  ping: () => Promise<unknown>;
  activity: ActivitySource;
  intervalMs?: number;
  now?: () => number;
}

export function startKeepAlive({ ping, activity, intervalMs = KEEP_ALIVE_MS, now }: KeepAliveOptions): () => void {
  let inFlight = false;
  return startActivePolling({
    intervalMs,
    activity,
    now,
    task: () => {
      if (inFlight) return;
      inFlight = true;
      ping()
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
        });
    },
  });
}
