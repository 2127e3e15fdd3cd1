import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '@/shared/api';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import {
  addFavorite,
  fetchCategories,
  fetchChannel,
  fetchChannelPackets,
  fetchChannels,
  fetchFavorites,
  fetchFreeChannels,
  fetchProgram,
  fetchSchedule,
  fetchStream,
  removeFavorite,
  type ScheduleWindow,
  type StreamRequest,
} from './api';
import { CHANNEL_CACHE_MS, CHANNEL_REFRESH_MS, SCHEDULE_ATTEMPTS, SCHEDULE_RETRY_MS } from './constants';
import type { Channel, FavoriteKind } from './types';

// TanStack Query keys and hooks of the TV area. Every key carries the token: a login or a
// profile switch is another viewer with other rights (is_purchased, age limits).

type Token = string | null;

export const channelKeys = {
  all: ['channels'] as const,
  categories: (token: Token) => [...channelKeys.all, 'categories', token] as const,
  list: (token: Token) => [...channelKeys.all, 'list', token] as const,
  free: (token: Token) => [...channelKeys.all, 'free', token] as const,
  one: (idOrSlug: string | number, token: Token) => [...channelKeys.all, 'one', String(idOrSlug), token] as const,
  schedules: () => [...channelKeys.all, 'schedule'] as const,
  schedule: (channelId: number, token: Token, window: ScheduleWindow = {}) =>
    [...channelKeys.schedules(), channelId, token, window] as const,
  stream: (req: StreamRequest, token: Token) =>
    [...channelKeys.all, 'stream', req.channelId, req.ts ?? null, !!req.preview, token] as const,
  packets: (channelId: number, token: Token) => [...channelKeys.all, 'packets', channelId, token] as const,
  favorites: (token: Token) => ['favorites', token] as const,
  program: (id: number, token: Token) => ['programs', id, token] as const,
};

export const categoriesQuery = (token: Token) =>
  queryOptions({
    queryKey: channelKeys.categories(token),
    queryFn: ({ signal }) => fetchCategories({ signal }),
    staleTime: CHANNEL_CACHE_MS,
    refetchInterval: CHANNEL_REFRESH_MS,
  });

export const channelsQuery = (token: Token) =>
  queryOptions({
    queryKey: channelKeys.list(token),
    queryFn: ({ signal }) => fetchChannels(token !== null, { signal }),
    staleTime: CHANNEL_CACHE_MS,
    refetchInterval: CHANNEL_REFRESH_MS,
  });

export const freeChannelsQuery = (token: Token) =>
  queryOptions({
    queryKey: channelKeys.free(token),
    queryFn: ({ signal }) => fetchFreeChannels({ signal }),
    staleTime: CHANNEL_CACHE_MS,
  });

/** A channel by id or slug; the list already in the cache answers first. */
export const channelQuery = (idOrSlug: string | number, token: Token, client?: QueryClient) =>
  queryOptions({
    queryKey: channelKeys.one(idOrSlug, token),
    queryFn: ({ signal }) => fetchChannel(idOrSlug, { signal }),
    staleTime: CHANNEL_CACHE_MS,
    initialData: () => {
      const list = client?.getQueryData<Channel[]>(channelKeys.list(token));
      const key = String(idOrSlug);
      return list?.find((c) => String(c.id) === key || c.slug === key);
    },
    initialDataUpdatedAt: () => client?.getQueryState(channelKeys.list(token))?.dataUpdatedAt,
  });

/** Schedule of one channel: 5 attempts 3 s apart (spec "Channel viewer"), then an error. */
export const scheduleQuery = (channelId: number, token: Token, window: ScheduleWindow = {}) =>
  queryOptions({
    queryKey: channelKeys.schedule(channelId, token, window),
    queryFn: ({ signal }) => fetchSchedule(channelId, window, { signal }),
    staleTime: CHANNEL_REFRESH_MS,
    retry: (failures, error) => {
      if (isApiError(error) && (error.status === 404 || error.status === 403)) return false;
      return failures < SCHEDULE_ATTEMPTS - 1;
    },
    retryDelay: SCHEDULE_RETRY_MS,
  });

/** A stream answer: signed URLs expire, so it is kept a minute at most. */
export const streamQuery = (req: StreamRequest, token: Token) =>
  queryOptions({
    queryKey: channelKeys.stream(req, token),
    queryFn: ({ signal }) => fetchStream(req, { signal }),
    staleTime: 60_000,
    gcTime: 60_000,
    retry: false,
  });

export const channelPacketsQuery = (channelId: number, token: Token) =>
  queryOptions({
    queryKey: channelKeys.packets(channelId, token),
    queryFn: ({ signal }) => fetchChannelPackets(channelId, { signal }),
    staleTime: CHANNEL_CACHE_MS,
  });

export const favoritesQuery = (token: Token) =>
  queryOptions({
    queryKey: channelKeys.favorites(token),
    queryFn: ({ signal }) => fetchFavorites({ signal }),
    staleTime: 0,
  });

export function useCategories() {
  const { token } = useSession();
  return useQuery(categoriesQuery(token));
}

export function useChannels() {
  const { token } = useSession();
  return useQuery(channelsQuery(token));
}

export function useFreeChannels() {
  const { token } = useSession();
  return useQuery(freeChannelsQuery(token));
}

export function useChannel(idOrSlug: string | number | null | undefined) {
  const { token } = useSession();
  const client = useQueryClient();
  return useQuery({ ...channelQuery(idOrSlug ?? '', token, client), enabled: idOrSlug != null && idOrSlug !== '' });
}

export function useSchedule(channelId: number | null | undefined, window: ScheduleWindow = {}) {
  const { token } = useSession();
  return useQuery({ ...scheduleQuery(channelId ?? 0, token, window), enabled: channelId != null && channelId > 0 });
}

export function useStream(req: StreamRequest | null) {
  const { token } = useSession();
  return useQuery({
    ...streamQuery(req ?? { channelId: 0 }, token),
    enabled: req !== null && req.channelId > 0,
  });
}

export function useChannelPackets(channelId: number | null | undefined) {
  const { token } = useSession();
  return useQuery({ ...channelPacketsQuery(channelId ?? 0, token), enabled: channelId != null && channelId > 0 });
}

/** The signed-in viewer's favourites (guests have none). */
export function useFavorites() {
  const { token, isLogged } = useSession();
  return useQuery({ ...favoritesQuery(token), enabled: token !== null && isLogged, staleTime: CHANNEL_REFRESH_MS });
}

/** Warms the stream answer of a channel (zapping neighbours). */
export function usePrefetchStream() {
  const { token } = useSession();
  const client = useQueryClient();
  return useCallback(
    (channelId: number) => {
      void client.prefetchQuery(streamQuery({ channelId }, token));
    },
    [client, token],
  );
}

const isFavored = (c: Channel) => !!c.is_favored;

function flipChannel(client: QueryClient, token: Token, channelId: number, favored: boolean) {
  const flip = (c: Channel): Channel => (c.id === channelId ? { ...c, is_favored: favored } : c);
  client.setQueryData<Channel[]>(channelKeys.list(token), (list) => list?.map(flip));
  client.setQueriesData<Channel>({ queryKey: [...channelKeys.all, 'one'] }, (c) => (c && c.id === channelId ? flip(c) : c));
}

export type ToggleFavoriteResult = 'auth' | 'added' | 'removed';

/**
 * Spec 4 "Favourites": guests get the auth modal; otherwise the item flips locally first,
 * then the favourites list is read and the entry added or removed. A failure flips back
 * and rejects (the caller shows the alert).
 */
export function useToggleFavorite() {
  const { token, isLogged } = useSession();
  const client = useQueryClient();
  const { open } = useModalNavigation();
  return useCallback(
    async (kind: FavoriteKind, objectId: number, nowFavored: boolean): Promise<ToggleFavoriteResult> => {
      if (!isLogged) {
        open('auth');
        return 'auth';
      }
      const want = !nowFavored;
      if (kind === 'channel') flipChannel(client, token, objectId, want);
      const favKey = channelKeys.favorites(token);
      const before = client.getQueryData(favKey);
      try {
        const list = await client.fetchQuery({ ...favoritesQuery(token), staleTime: 0 });
        const entry = list.find((f) => f.kind === kind && f.object_id === objectId);
        if (want && !entry) {
          const added = await addFavorite(kind, objectId);
          client.setQueryData(favKey, [...list, added]);
        } else if (!want && entry) {
          await removeFavorite(entry.id);
          client.setQueryData(favKey, list.filter((f) => f.id !== entry.id));
        }
        void client.invalidateQueries({ queryKey: channelKeys.categories(token) });
        return want ? 'added' : 'removed';
      } catch (e) {
        if (kind === 'channel') flipChannel(client, token, objectId, nowFavored);
        client.setQueryData(favKey, before);
        throw e;
      }
    },
    [client, isLogged, open, token],
  );
}

export { isFavored };

export function useProgram(id: number | null | undefined) {
  const { token } = useSession();
  return useQuery({
    queryKey: channelKeys.program(id ?? 0, token),
    queryFn: ({ signal }) => fetchProgram(id ?? 0, { signal }),
    enabled: id != null && id > 0,
    staleTime: CHANNEL_CACHE_MS,
  });
}
