import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '@/shared/session';
import { fetchContent, fetchContentMeta, fetchEpisodes, fetchSimilar, fetchSources, isLostContent, isMissingError } from './api';

// TanStack Query keys and hooks of the content area. Every key carries the token: another
// viewer (login, profile switch) has other rights, history and favourites.

type Token = string | null;

/** Contents change rarely; meta (history, access, favourite) is the viewer's and short-lived. */
export const CONTENT_STALE_MS = 60_000;
export const META_STALE_MS = 3_000;

export const contentKeys = {
  all: ['contents'] as const,
  /** `library`: the library the content was opened from (?library_id), sent to the server. */
  one: (idOrSlug: string | number, token: Token, library?: number | null) => [...contentKeys.all, 'one', String(idOrSlug), token, library ?? null] as const,
  metas: () => [...contentKeys.all, 'meta'] as const,
  /** Every viewer's meta of one content (for invalidation). */
  metaOf: (id: number) => [...contentKeys.metas(), id] as const,
  meta: (id: number, token: Token) => [...contentKeys.metaOf(id), token] as const,
  /** Every season's episodes of one content (for invalidation). */
  episodesOf: (id: number) => [...contentKeys.all, 'episodes', id] as const,
  episodes: (id: number, season: number | null, token: Token) => [...contentKeys.episodesOf(id), season, token] as const,
  sourcesOf: (id: number) => [...contentKeys.all, 'sources', id] as const,
  sources: (id: number, token: Token) => [...contentKeys.sourcesOf(id), token] as const,
  similar: (id: number, token: Token) => [...contentKeys.all, 'similar', id, token] as const,
};

/** Not-found answers (404, lost and the other final 4xx) are final: no retries. */
const retryUnlessMissing = (failures: number, error: unknown) => !(isLostContent(error) || isMissingError(error)) && failures < 2;

export const contentQuery = (idOrSlug: string | number, token: Token, library?: number | null) =>
  queryOptions({
    queryKey: contentKeys.one(idOrSlug, token, library),
    queryFn: ({ signal }) => fetchContent(idOrSlug, { signal, library: library ?? undefined }),
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

export function useContent(idOrSlug: string | number | null | undefined, library?: number | null) {
  const { token } = useSession();
  return useQuery({ ...contentQuery(idOrSlug ?? '', token, library), enabled: idOrSlug != null && idOrSlug !== '' && token !== null });
}

/**
 * Marks the viewer-dependent data of one content stale (its meta, catch-up sources and
 * episodes), so what is shown refetches: the content page's reload after a purchase.
 */
export function useInvalidateContentData() {
  const client = useQueryClient();
  return useCallback(
    (id: number) =>
      Promise.all([
        client.invalidateQueries({ queryKey: contentKeys.metaOf(id) }),
        client.invalidateQueries({ queryKey: contentKeys.sourcesOf(id) }),
        client.invalidateQueries({ queryKey: contentKeys.episodesOf(id) }),
      ]),
    [client],
  );
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
