import { createStore } from '@/shared/lib/createStore';

// Close times of the notices (catalogue spec 4 "Locally stored: notification close
// times"): kept in local storage so a closed notice stays away for its delay across visits;
// what was closed during this visit is kept in memory (kinds with no delay come back on
// the next visit).

export const CLOSE_TIMES_KEY = 'notificationClosed';

function readStored(): Record<string, number> {
  try {
    const raw = window.localStorage.getItem(CLOSE_TIMES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number'),
    );
  } catch {
    return {};
  }
}

export interface CloseState {
  closedAt: Readonly<Record<string, number>>;
  closedThisVisit: ReadonlySet<string>;
}

export const closeStore = createStore<CloseState>({ closedAt: readStored(), closedThisVisit: new Set() });

/** Records that the notice under `key` was closed at `now` (ms). */
export function recordClose(key: string, now: number): void {
  closeStore.set((s) => {
    const closedAt = { ...s.closedAt, [key]: now };
    try {
      window.localStorage.setItem(CLOSE_TIMES_KEY, JSON.stringify(closedAt));
    } catch {
      // Storage blocked: the notice stays closed for this visit only.
    }
    return { closedAt, closedThisVisit: new Set(s.closedThisVisit).add(key) };
  });
}

/** A new visit as far as the box knows: storage read again, this visit's closes forgotten. */
export function reloadCloseTimes(): void {
  closeStore.set({ closedAt: readStored(), closedThisVisit: new Set() });
}
