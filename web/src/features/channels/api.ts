import { apiFetch } from '@/shared/api';
import type { Category, Channel, ChannelPacket, Favorite, FavoriteKind, Program, ScheduleEntry, StreamAnswer } from './types';

// The TV calls of spec 7 "Channels and schedule" and the favourites calls. Plain functions;
// queries.ts wraps them in TanStack Query.

type Sig = { signal?: AbortSignal };

export const fetchCategories = ({ signal }: Sig = {}) => apiFetch<Category[]>('/channels/category_list', { signal });

/** With a token (every viewer has one, guests too) the user's list with is_purchased etc. */
export const fetchChannels = (withToken: boolean, { signal }: Sig = {}) =>
  withToken
    ? apiFetch<Channel[]>('/users/self/channel_list', { signal })
    : apiFetch<Channel[]>('/channels/channel_list', { auth: false, signal });

export const fetchFreeChannels = ({ signal }: Sig = {}) => apiFetch<Channel[]>('/channels/free_list', { signal });

/** A channel by id or slug. */
export const fetchChannel = (idOrSlug: string | number, { signal }: Sig = {}) =>
  apiFetch<Channel>(`/channels/${encodeURIComponent(String(idOrSlug))}`, { signal });

export interface ScheduleWindow {
  start?: number;
  end?: number;
  date?: string;
  limit?: number;
  offset?: number;
}

/** Without a window the server answers its default (72 h back or the archive, 72 h ahead). */
export const fetchSchedule = (channelId: number, window: ScheduleWindow = {}, { signal }: Sig = {}) =>
  apiFetch<ScheduleEntry[]>(`/channels/${channelId}/content_schedule`, { query: { ...window }, signal });

export interface StreamRequest {
  channelId: number;
  /** Unix seconds; sent only when at least 30 s old (the caller decides, see rules.ts). */
  ts?: number | null;
  preview?: boolean;
}

export const fetchStream = ({ channelId, ts, preview }: StreamRequest, { signal }: Sig = {}) =>
  apiFetch<StreamAnswer>(`/channels/${channelId}/stream`, {
    query: { ts: ts ?? undefined, preview: preview ? 1 : undefined, force_https: undefined },
    signal,
  });

export const fetchChannelPackets = (channelId: number, { signal }: Sig = {}) =>
  apiFetch<ChannelPacket[]>(`/channels/${channelId}/packets`, { signal });

export const fetchFavorites = ({ signal }: Sig = {}) => apiFetch<Favorite[]>('/users/self/favorites', { signal });

const FAVORITE_FIELD: Record<FavoriteKind, string> = {
  channel: 'channel_id',
  program: 'program_id',
  content: 'content_id',
  person: 'person_id',
};

export const addFavorite = (kind: FavoriteKind, objectId: number) =>
  apiFetch<Favorite>('/users/self/favorites', { method: 'POST', body: { [FAVORITE_FIELD[kind]]: objectId } });

export const removeFavorite = (favoriteId: number) =>
  apiFetch<{ object_id: number }>(`/users/self/favorites/${favoriteId}`, { method: 'DELETE' });

export const fetchProgram = (id: number, { signal }: Sig = {}) => apiFetch<Program>(`/programs/${id}`, { signal });
