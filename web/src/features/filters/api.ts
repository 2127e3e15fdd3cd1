import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/shared/api';
import type { components } from '@/shared/api/schema';
import { useSession } from '@/shared/session';

export type Filters = components['schemas']['CatalogFilters'];

/** GET /v2/filters?content_type=: genres (by name), countries (30 most used), years, ratings. */
export const fetchFilters = (contentType: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch<Filters>('/filters', { query: { content_type: contentType }, signal });

export const filtersQuery = (contentType: string, token: string | null, lang: string) =>
  queryOptions({
    queryKey: ['filters', contentType, token, lang] as const,
    queryFn: ({ signal }) => fetchFilters(contentType, { signal }),
    staleTime: 5 * 60_000,
  });

export function useFilters(contentType: string, lang: string) {
  const { token } = useSession();
  return useQuery({ ...filtersQuery(contentType, token, lang), enabled: token !== null });
}
