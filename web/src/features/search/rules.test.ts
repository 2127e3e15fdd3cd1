import { describe, expect, it } from 'vitest';
import { foundReport, historyEntryOf, isQuickSearchKey, itemPath, layoutHintOffered, searchStarts, suggestionText, suggestionsWanted } from './rules';

const key = (k: string, target: unknown = document.body, mods: Partial<KeyboardEvent> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, target, ...mods }) as KeyboardEvent;

describe('search rules', () => {
  it('folds and cuts the text', () => {
    expect(suggestionText('  Матрица   снов ')).toBe('матрица снов');
    expect(suggestionText('a'.repeat(300))).toHaveLength(255);
  });

  it('asks for suggestions from min_search_chars, and with an empty field', () => {
    expect(suggestionsWanted('', 3)).toBe(true);
    expect(suggestionsWanted('ма', 3)).toBe(false);
    expect(suggestionsWanted('мат', 3)).toBe(true);
    expect(suggestionsWanted('м', 0)).toBe(true);
    expect(suggestionsWanted('м', undefined)).toBe(true);
  });

  it('starts a search (Enter, the results page) only at min_search_chars', () => {
    expect(searchStarts('', 1)).toBe(false);
    expect(searchStarts('   ', undefined)).toBe(false);
    expect(searchStarts('м', null)).toBe(true);
    expect(searchStarts('м', 0)).toBe(true);
    expect(searchStarts(' ма ', 3)).toBe(false);
    expect(searchStarts('мат', 3)).toBe(true);
  });

  it('offers the keyboard-layout hint only in the Russian interface', () => {
    expect(layoutHintOffered('ru')).toBe(true);
    expect(layoutHintOffered('ru-RU')).toBe(true);
    expect(layoutHintOffered('en')).toBe(false);
    expect(layoutHintOffered('kk')).toBe(false);
    expect(layoutHintOffered(undefined)).toBe(false);
  });

  it("takes '/' as the quick key only outside fields, without modifiers, not on mobile", () => {
    expect(isQuickSearchKey(key('/'), false)).toBe(true);
    expect(isQuickSearchKey(key('/'), true)).toBe(false);
    expect(isQuickSearchKey(key('a'), false)).toBe(false);
    expect(isQuickSearchKey(key('/', document.body, { ctrlKey: true }), false)).toBe(false);
    expect(isQuickSearchKey(key('/', document.createElement('input')), false)).toBe(false);
    expect(isQuickSearchKey(key('/', document.createElement('textarea')), false)).toBe(false);
    expect(isQuickSearchKey(key('/', document.createElement('button')), false)).toBe(true);
  });

  it('leads to the item', () => {
    expect(itemPath({ kind: 'content', id: 12, slug: 'matrica-snov-12' })).toBe('/contents/matrica-snov-12');
    expect(itemPath({ kind: 'content', id: 12 })).toBe('/contents/12');
    expect(itemPath({ kind: 'person', id: 3, slug: 'anna-3' })).toBe('/persons/anna-3');
    expect(itemPath({ kind: 'channel', id: 7, slug: 'pervyj' })).toMatch(/^\/channels\/\d+\/pervyj$/);
  });

  it('reports and remembers the chosen result', () => {
    const s = { kind: 'content' as const, id: 12, slug: 'matrica-snov-12', text: 'Матрица снов', content_type: 'movie' as const };
    expect(foundReport(' матр ', s)).toEqual({ text: 'матр', title: 'Матрица снов', content_type: 'movie', object_id: 12 });
    expect(foundReport('anna', { kind: 'person', id: 3, text: 'Анна' }).content_type).toBe('person');
    expect(historyEntryOf('матр', s)).toEqual({ query: 'матр', kind: 'content', id: 12, slug: 'matrica-snov-12', title: 'Матрица снов' });
  });
});

describe('search route', () => {
  it('carries the term lower-cased and trimmed', async () => {
    const { searchPath, searchTermOf } = await import('./rules');
    expect(searchPath('  Матрица Снов ')).toBe(`/search?q=${encodeURIComponent('матрица снов')}`);
    expect(searchTermOf('?q=%20VFNHBWF%20')).toBe('vfnhbwf');
    expect(searchTermOf('')).toBe('');
  });
});
