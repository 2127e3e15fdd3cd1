import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchSearchResults, fetchSuggestions } from './api';

// Query keys and options of the search area. Every key carries the token: a child profile
// finds other things than its parent. Spec 9: search is not cached (stale at once); the cache
// only lets a list show while its fresh copy loads.

type Token = string | null;

/** Results of the /search page (contents, persons and channels together). */
export const SEARCH_RESULTS_LIMIT = 60;

export const searchKeys = {
  all: ['search'] as const,
  suggestions: (text: string, token: Token) => [...searchKeys.all, 'suggest', text, token] as const,
  results: (text: string, token: Token) => [...searchKeys.all, 'results', text, token] as const,
};

export const suggestionsQuery = (text: string, token: Token) =>
  queryOptions({
    queryKey: searchKeys.suggestions(text, token),
    queryFn: ({ signal }) => fetchSuggestions(text, { signal }),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const searchResultsQuery = (text: string, token: Token) =>
  queryOptions({
    queryKey: searchKeys.results(text, token),
    queryFn: ({ signal }) => fetchSearchResults(text, SEARCH_RESULTS_LIMIT, { signal }),
    staleTime: 0,
  });
