import { channelPath } from '@/features/rows';
import { normaliseLanguage } from '@/shared/i18n';
import { SEARCH_MAX_LENGTH } from '@/shared/lib/constants';
import type { FoundReport, HistoryEntry, Suggestion } from './types';

// Rules of the header search (spec 2 "Search", 4 "Search", 5 "Search", 9 constants).

/** Suggestions hide this long after the field loses focus (a click on one lands first). */
export const SEARCH_BLUR_HIDE_MS = 500;
/** The search closes with a transition of this length. */
export const SEARCH_HIDE_MS = 300;
/** Debounce of suggestions when the configuration has no bouncing_interval. */
export const DEFAULT_BOUNCING_INTERVAL_MS = 1000;
export const SUGGESTIONS_SHOWN = 10;

/** The text suggestions are asked for: trimmed, spaces folded, lower-cased, at most 255 characters. */
export const suggestionText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, SEARCH_MAX_LENGTH);

/** Suggestions start at min_search_chars (at least 1); an empty field asks for the popular ones on focus. */
export function suggestionsWanted(text: string, minChars: number | null | undefined): boolean {
  const t = suggestionText(text);
  return t === '' || t.length >= Math.max(1, minChars ?? 1);
}

/**
 * A search (Enter, the results page) starts at min_search_chars (at least 1) of the term as the
 * route carries it; a shorter one is not searched (spec 5 "Search").
 */
export function searchStarts(term: string, minChars: number | null | undefined): boolean {
  const t = normaliseSearchTerm(term);
  return t !== '' && t.length >= Math.max(1, minChars ?? 1);
}

/** The wrong-keyboard-layout hint is for Russian only (spec 5): the interface language must be ru. */
export const layoutHintOffered = (language: string | null | undefined) => normaliseLanguage(language) === 'ru';

/**
 * The quick-search key '/' (spec 4): not while typing in a field, not with a modifier, not on
 * mobile (touch screens have no such key and the header field is hidden there).
 */
export function isQuickSearchKey(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'defaultPrevented'>,
  mobile: boolean,
): boolean {
  if (mobile || e.defaultPrevented || e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return false;
  const el = e.target as (HTMLElement & { isContentEditable?: boolean }) | null;
  if (!el || typeof el !== 'object' || !('tagName' in el)) return true;
  const tag = el.tagName;
  return !(tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable);
}

const ref = (slug: string | undefined, id: number) => encodeURIComponent(slug || String(id));

/** Where a suggestion or a history item leads. */
export function itemPath(item: { kind: Suggestion['kind']; id: number; slug?: string }): string {
  switch (item.kind) {
    case 'content':
      return `/contents/${ref(item.slug, item.id)}`;
    case 'person':
      return `/persons/${ref(item.slug, item.id)}`;
    case 'channel':
      return channelPath(item.slug || item.id);
  }
}

/** Opening an item is a modal page (content and person pages are drawn over the page). */
export const opensAsModalPage = (kind: Suggestion['kind']) => kind === 'content' || kind === 'person';

type Chosen = Pick<Suggestion, 'kind' | 'id' | 'text'> & Partial<Suggestion>;

/** What POST /v2/search/found says about a chosen suggestion. */
export const foundReport = (text: string, s: Chosen): FoundReport => ({
  text: suggestionText(text),
  title: s.text,
  content_type: s.kind === 'content' ? (s.content_type ?? '') : s.kind,
  object_id: s.id,
});

/** The history entry of a chosen suggestion. */
export const historyEntryOf = (text: string, s: Chosen): HistoryEntry => ({
  query: suggestionText(text) || s.text,
  kind: s.kind,
  id: s.id,
  slug: s.slug,
  title: s.text,
});

/** The search term as the route carries it (spec 2): trimmed, lower-cased, at most 255 characters. */
export const normaliseSearchTerm = (q: string) => q.trim().toLowerCase().slice(0, SEARCH_MAX_LENGTH);

/** /search?q={term} */
export const searchPath = (q: string) => `/search?q=${encodeURIComponent(normaliseSearchTerm(q))}`;

/** The term of a /search location's query string. */
export const searchTermOf = (search: string) => normaliseSearchTerm(new URLSearchParams(search).get('q') ?? '');
