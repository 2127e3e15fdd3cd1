import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

// The channels section's calls: the line-up (/v2/operator/lineup, /channels/...), channel
// categories, the M3U import and the guide sources.

type Schemas = components['schemas'];
export type Channel = Schemas['ConsoleChannel'];
export type ChannelInput = Schemas['ConsoleChannelInput'];
export type Category = Schemas['ConsoleCategory'];
export type Lineup = Schemas['ConsoleLineup'];
export type Blackout = Schemas['ConsoleBlackout'];
export type M3UPreview = Schemas['ConsoleM3UPreview'];
export type M3UResult = Schemas['ConsoleM3UResult'];
export type GuideSource = Schemas['ConsoleGuideSource'];
export type GuideUnmatched = Schemas['ConsoleGuideUnmatched'];

export const AGES = [0, 6, 12, 16, 18] as const;

export const channelKeys = {
  all: ['operator', 'channels'] as const,
  lineup: () => [...channelKeys.all, 'lineup'] as const,
  blackouts: (id: number) => [...channelKeys.all, 'blackouts', id] as const,
  guides: () => [...channelKeys.all, 'guides'] as const,
  unmatched: (id: number) => [...channelKeys.all, 'unmatched', id] as const,
};

export const lineupQuery = () =>
  queryOptions({ queryKey: channelKeys.lineup(), queryFn: ({ signal }) => consoleFetch<Lineup>('/lineup', { signal }) });

export const blackoutsQuery = (id: number) =>
  queryOptions({
    queryKey: channelKeys.blackouts(id),
    queryFn: ({ signal }) => consoleFetch<Blackout[]>(`/channels/${id}/blackouts`, { signal }),
  });

export const guidesQuery = () =>
  queryOptions({ queryKey: channelKeys.guides(), queryFn: ({ signal }) => consoleFetch<GuideSource[]>('/guide_sources', { signal }) });

export const unmatchedQuery = (id: number) =>
  queryOptions({
    queryKey: channelKeys.unmatched(id),
    queryFn: ({ signal }) => consoleFetch<GuideUnmatched[]>(`/guide_sources/${id}/unmatched`, { signal }),
  });

export const orderChannels = (ids: number[]) => consoleFetch<Lineup>('/lineup/order', { method: 'POST', body: { ids } });
export const orderCategories = (ids: number[]) => consoleFetch<Lineup>('/lineup/category_order', { method: 'POST', body: { ids } });
export const createChannel = (body: ChannelInput) => consoleFetch<Channel>('/channels', { method: 'POST', body });
export const patchChannel = (id: number, body: ChannelInput) => consoleFetch<Channel>(`/channels/${id}`, { method: 'PATCH', body });
export const uploadLogo = (id: number, contentType: string, data: string) =>
  consoleFetch<Channel>(`/channels/${id}/logo`, { method: 'POST', body: { content_type: contentType, data } });
export const deleteLogo = (id: number) => consoleFetch<Channel>(`/channels/${id}/logo`, { method: 'DELETE' });
export const addBlackout = (id: number, body: { start: string; end: string; reason: string }) =>
  consoleFetch<Blackout>(`/channels/${id}/blackouts`, { method: 'POST', body });
export const deleteBlackout = (id: number, blackout: number) =>
  consoleFetch<void>(`/channels/${id}/blackouts/${blackout}`, { method: 'DELETE' });
export const createCategory = (name: string) => consoleFetch<Category>('/channel_categories', { method: 'POST', body: { name } });
export const renameCategory = (id: number, name: string) =>
  consoleFetch<Category>(`/channel_categories/${id}`, { method: 'PATCH', body: { name } });
export const previewM3U = (playlist: string) => consoleFetch<M3UPreview>('/lineup/m3u_preview', { method: 'POST', body: { playlist } });
export const applyM3U = (playlist: string) => consoleFetch<M3UResult>('/lineup/m3u_apply', { method: 'POST', body: { playlist } });
export const addGuideSource = (body: { url: string; every_hours: number }) =>
  consoleFetch<GuideSource>('/guide_sources', { method: 'POST', body });
export const patchGuideSource = (id: number, body: { url?: string; every_hours?: number; enabled?: boolean }) =>
  consoleFetch<GuideSource>(`/guide_sources/${id}`, { method: 'PATCH', body });
export const deleteGuideSource = (id: number) => consoleFetch<void>(`/guide_sources/${id}`, { method: 'DELETE' });
export const fetchGuideNow = (id: number) => consoleFetch<GuideSource>(`/guide_sources/${id}/fetch`, { method: 'POST' });
export const mapGuideChannel = (id: number, guideId: string, channelId: number) =>
  consoleFetch<Channel>(`/guide_sources/${id}/mappings`, { method: 'POST', body: { guide_id: guideId, channel_id: channelId } });

/** The ids in a new order: `id` moved by `delta` places (clamped to the list). */
export function moved(ids: readonly number[], id: number, delta: number): number[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const to = Math.max(0, Math.min(ids.length - 1, from + delta));
  return movedTo(ids, id, to);
}

/** The ids with `id` put at index `to`. */
export function movedTo(ids: readonly number[], id: number, to: number): number[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(Math.max(0, Math.min(rest.length, to)), 0, id);
  return rest;
}

/** A file's content as base64 (without the data: prefix). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const s = String(reader.result);
      resolve(s.slice(s.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function fileToText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/** An ISO time as the value of a datetime-local input (the browser's zone). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A datetime-local value (the browser's zone) as an RFC 3339 time, or '' when empty. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
