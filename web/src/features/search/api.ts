import { apiFetch } from '@/shared/api';
import type { FoundReport, SearchResults, Suggestion } from './types';

// The search calls of spec 7. Plain functions; queries.ts wraps them in TanStack Query.

type Sig = { signal?: AbortSignal };

/** Suggestions for text; without text (on focus) the server's popular titles. */
export const fetchSuggestions = (text: string, { signal }: Sig = {}) =>
  apiFetch<Suggestion[]>('/search/suggest', { query: { text: text || undefined }, signal });

/** Results of the /search page: contents, persons and channels. */
export const fetchSearchResults = (text: string, limit: number, { signal }: Sig = {}) =>
  apiFetch<SearchResults>('/search', { query: { text, limit }, signal });

/** Tells the server which result was chosen (its ranking learns from it). */
export const reportFound = (report: FoundReport) =>
  apiFetch<unknown>('/search/found', { method: 'POST', body: { ...report } });
