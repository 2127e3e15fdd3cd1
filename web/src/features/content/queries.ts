import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '@/shared/api';
import { useSession } from '@/shared/session';
import { fetchContent, fetchContentMeta, fetchEpisodes, fetchSimilar, fetchSources, isLostContent } from './api';

// TanStack Query keys and hooks of the content area. Every key carries the token: another
// viewer (login, profile switch) has other rights, history and favourites.

type Token = string | null;

/** Contents change rarely; meta (history, access, favourite) is the viewer's and short-lived. */
export const CONTENT_STALE_MS = 60_000;
export const META_STALE_MS = 3_000;

export const contentKeys = {
  all: ['contents'] as const,
  one: (idOrSlug: string | number, token: Token) => [...contentKeys.all, 'one', String(idOrSlug), token] as const,
  metas: () => [...contentKeys.all, 'meta'] as const,
  meta: (id: number, token: Token) => [...contentKeys.metas(), id, token] as const,
  episodes: (id: number, season: number | null, token: Token) => [...contentKeys.all, 'episodes', id, season, token] as const,
  sources: (id: number, token: Token) => [...contentKeys.all, 'sources', id, token] as const,
  similar: (id: number, token: Token) => [...contentKeys.all, 'similar', id, token] as const,
};

/** 404 and lost answers are final: no retries. */
const retryUnlessMissing = (failures: number, error: unknown) =>
  !(isLostContent(error) || (isApiError(error) && (error.status === 404 || error.status === 403))) && failures < 2;

export const contentQuery = (idOrSlug: string | number, token: Token) =>
  queryOptions({
    queryKey: contentKeys.one(idOrSlug, token),
    queryFn: ({ signal }) => fetchContent(idOrSlug, { signal }),
    staleTime: CONTENT_STALE_MS,
    retry: retryUnlessMissing,
  });

export const contentMetaQuery = (id: number, token: Token) =>
  queryOptions({
    queryKey: contentKeys.meta(id, token),
    queryFn: ({ signal }) => fetchContentMeta(id, { signal }),
    staleTime: META_STALE_MS,
    retry: retryUnlessMissing,
  });

const enabledId = (id: number | null | undefined): id is number => id != null && id > 0;

export function useContent(idOrSlug: string | number | null | undefined) {
  const { token } = useSession();
  return useQuery({ ...contentQuery(idOrSlug ?? '', token), enabled: idOrSlug != null && idOrSlug !== '' && token !== null });
}

export function useContentMeta(id: number | null | undefined) {
  const { token } = useSession();
  return useQuery({ ...contentMetaQuery(id ?? 0, token), enabled: enabledId(id) && token !== null });
}

export function useEpisodes(id: number | null | undefined, season: number | null, enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: contentKeys.episodes(id ?? 0, season, token),
    queryFn: ({ signal }) => fetchEpisodes(id ?? 0, season, { signal }),
    enabled: enabled && enabledId(id) && token !== null,
    staleTime: CONTENT_STALE_MS,
    placeholderData: keepPreviousData,
    retry: retryUnlessMissing,
  });
}

export function useSources(id: number | null | undefined, enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: contentKeys.sources(id ?? 0, token),
    queryFn: ({ signal }) => fetchSources(id ?? 0, { signal }),
    enabled: enabled && enabledId(id) && token !== null,
    staleTime: CONTENT_STALE_MS,
    retry: retryUnlessMissing,
  });
}

export function useSimilar(id: number | null | undefined) {
  const { token } = useSession();
  return useQuery({
    queryKey: contentKeys.similar(id ?? 0, token),
    queryFn: ({ signal }) => fetchSimilar(id ?? 0, { signal }),
    enabled: enabledId(id) && token !== null,
    staleTime: CONTENT_STALE_MS,
    retry: retryUnlessMissing,
  });
}

/** Forgets the viewer's per-content data (after history or favourites changed). */
export function useInvalidateViewerData() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: contentKeys.metas() });
    void client.invalidateQueries({ queryKey: ['favorites'] });
    void client.invalidateQueries({ queryKey: ['persons'] });
  }, [client]);
}
