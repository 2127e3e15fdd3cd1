import type { components } from '@/shared/api/schema';

// Wire types of the search calls (spec 3 "Search suggestion", 7 "Content, rows, search").

type S = components['schemas'];

export type Content = S['CatalogContent'];
export type Person = S['CatalogPerson'];
export type Channel = S['Channel'];

/** One suggestion (GET /v2/search/suggest): its text and the object it names. */
export type Suggestion = S['CatalogSuggestion'];
export type SuggestionKind = Suggestion['kind'];

/** The /search page's answer (GET /v2/search): contents, persons and channels. */
export type SearchResults = S['CatalogSearchResults'];

/** POST /v2/search/found: the result a viewer chose. */
export type FoundReport = S['CatalogSearchFound'];

/**
 * A search history entry (spec 3: query, kind, item id, title). Kind 'query' is a search run
 * with Enter (no item); 'person' a person chosen from the suggestions.
 */
export interface HistoryEntry {
  query: string;
  kind: SuggestionKind | 'query';
  id?: number;
  slug?: string;
  title?: string;
}
