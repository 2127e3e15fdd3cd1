import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '@/shared/session';
import { addToHistory, historyKey, readHistory, writeHistory } from './history';
import type { HistoryEntry } from './types';

// The search history of the current profile as React state, shared by the header search and
// the /search page, and kept in step across tabs (the storage event).

const listeners = new Set<() => void>();
const cache = new Map<string, HistoryEntry[]>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key?.startsWith('searchHistory')) {
      cache.delete(e.key);
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(key: string): HistoryEntry[] {
  let list = cache.get(key);
  if (!list) {
    list = readHistory(key);
    cache.set(key, list);
  }
  return list;
}

function save(key: string, list: HistoryEntry[]) {
  writeHistory(key, list);
  cache.set(key, list);
  listeners.forEach((l) => l());
}

export function useSearchHistory() {
  const profileId = useSession().profile?.id;
  const key = historyKey(profileId);
  const entries = useSyncExternalStore(subscribe, () => snapshot(key), () => snapshot(key));
  const add = useCallback((entry: HistoryEntry) => save(key, addToHistory(snapshot(key), entry)), [key]);
  const clear = useCallback(() => save(key, []), [key]);
  return { entries, add, clear };
}
