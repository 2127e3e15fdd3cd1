import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/shared/api';
import type { components } from '@/shared/api/schema';
import { useSession } from '@/shared/session';

// The news calls (spec 7: GET /v2/news/{id}; the list: GET /v2/news with limit and offset).

export type News = components['schemas']['CatalogNews'];

export const NEWS_PAGE = 20;

export const newsKeys = {
  all: ['news'] as const,
  list: (token: string | null) => [...newsKeys.all, 'list', token] as const,
  one: (id: string, token: string | null) => [...newsKeys.all, 'one', id, token] as const,
};

export const fetchNewsPage = (offset: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch<News[]>('/news', { query: { limit: NEWS_PAGE, offset }, signal });

export const fetchNews = (idOrSlug: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch<News>(`/news/${encodeURIComponent(idOrSlug)}`, { signal });

/** News pages of 20; a shorter page is the last. */
export function useNewsList() {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: newsKeys.list(token),
    queryFn: ({ pageParam, signal }) => fetchNewsPage(pageParam, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < NEWS_PAGE ? undefined : pages.length * NEWS_PAGE),
    enabled: token !== null,
    staleTime: 300_000,
  });
}

export function useNews(idOrSlug: string | undefined) {
  const { token } = useSession();
  return useQuery({
    queryKey: newsKeys.one(idOrSlug ?? '', token),
    queryFn: ({ signal }) => fetchNews(idOrSlug ?? '', { signal }),
    enabled: !!idOrSlug && token !== null,
    staleTime: 300_000,
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });
}
