import type { Channel } from './types';

// Paths of the TV area (spec 2 routes).

export const channelsPath = (categorySegment?: string) => (categorySegment ? `/channels/${categorySegment}` : '/channels');

/** /channels/{category}/{channel}[/{ts}] */
export function channelPath(categorySegment: string, ch: Pick<Channel, 'id' | 'slug'>, ts?: number | null): string {
  const base = `/channels/${encodeURIComponent(categorySegment)}/${encodeURIComponent(ch.slug || String(ch.id))}`;
  return ts ? `${base}/${ts}` : base;
}

/** Finds a channel by route segment: id or slug. */
export function findChannel(channels: readonly Channel[], segment: string | undefined): Channel | undefined {
  if (!segment) return undefined;
  return channels.find((c) => String(c.id) === segment || c.slug === segment);
}

export const isTimestampSegment = (s: string | undefined) => !!s && /^\d{9,13}$/.test(s);
