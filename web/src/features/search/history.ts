import type { HistoryEntry } from './types';

// The search history (spec 3 "Search history entry", 4 "Search": results are added to it),
// kept in local storage per profile, so a child profile does not see the searches of the
// adult one. Newest first, one entry per item or query, at most HISTORY_MAX.

export const HISTORY_MAX = 10;
const KEY_PREFIX = 'searchHistory';

export const historyKey = (profileId: number | null | undefined) => `${KEY_PREFIX}:${profileId ?? 0}`;

const sameEntry = (a: HistoryEntry, b: HistoryEntry) =>
  a.kind === b.kind && (a.kind === 'query' ? a.query === b.query : a.id === b.id);

/** The history with entry put first (an older copy of it removed), cut to the maximum. */
export function addToHistory(list: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const query = entry.query.trim();
  if (!query && entry.kind === 'query') return [...list];
  const clean: HistoryEntry = { ...entry, query };
  return [clean, ...list.filter((e) => !sameEntry(e, clean))].slice(0, HISTORY_MAX);
}

function isEntry(v: unknown): v is HistoryEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.query === 'string' &&
    (e.kind === 'query' || e.kind === 'content' || e.kind === 'person' || e.kind === 'channel') &&
    (e.kind === 'query' || typeof e.id === 'number')
  );
}

/** Reads the stored history; anything broken or foreign in storage reads as empty. */
export function readHistory(key: string, storage: Pick<Storage, 'getItem'> | null = safeStorage()): HistoryEntry[] {
  try {
    const raw = storage?.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, HISTORY_MAX) : [];
  } catch {
    return [];
  }
}

export function writeHistory(key: string, list: readonly HistoryEntry[], storage: Pick<Storage, 'setItem' | 'removeItem'> | null = safeStorage()) {
  try {
    if (list.length) storage?.setItem(key, JSON.stringify(list));
    else storage?.removeItem(key);
  } catch {
    // Storage full or blocked: the history is a convenience.
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
