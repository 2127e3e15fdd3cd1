import { describe, expect, it } from 'vitest';
import { addToHistory, HISTORY_MAX, historyKey, readHistory, writeHistory } from './history';
import type { HistoryEntry } from './types';

const q = (query: string): HistoryEntry => ({ query, kind: 'query' });

describe('search history', () => {
  it('puts the newest first and keeps one copy of a query or an item', () => {
    let list = addToHistory([], q('матрица'));
    list = addToHistory(list, { query: 'матр', kind: 'content', id: 5, title: 'Матрица снов' });
    list = addToHistory(list, q(' матрица '));
    list = addToHistory(list, { query: 'матрица сн', kind: 'content', id: 5, title: 'Матрица снов' });
    expect(list).toEqual([
      { query: 'матрица сн', kind: 'content', id: 5, title: 'Матрица снов' },
      { query: 'матрица', kind: 'query' },
    ]);
  });

  it('keeps items of different kinds with one id apart', () => {
    const list = addToHistory(addToHistory([], { query: 'a', kind: 'content', id: 1 }), { query: 'a', kind: 'channel', id: 1 });
    expect(list).toHaveLength(2);
  });

  it('ignores an empty query and keeps at most the maximum', () => {
    expect(addToHistory([], q('  '))).toEqual([]);
    let list: HistoryEntry[] = [];
    for (let i = 0; i < HISTORY_MAX + 5; i++) list = addToHistory(list, q(`q${i}`));
    expect(list).toHaveLength(HISTORY_MAX);
    expect(list[0]!.query).toBe(`q${HISTORY_MAX + 4}`);
  });

  it('is kept per profile and survives broken storage', () => {
    expect(historyKey(7)).not.toBe(historyKey(8));
    expect(historyKey(null)).toBe(historyKey(undefined));
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    writeHistory('k', [q('a')], storage);
    expect(readHistory('k', storage)).toEqual([q('a')]);
    writeHistory('k', [], storage);
    expect(store.has('k')).toBe(false);
    store.set('k', '{not json');
    expect(readHistory('k', storage)).toEqual([]);
    store.set('k', JSON.stringify([q('ok'), { query: 1 }, { query: 'x', kind: 'content' }, null]));
    expect(readHistory('k', storage)).toEqual([q('ok')]);
  });
});
