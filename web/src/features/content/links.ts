import { ALL_CATEGORY, channelPath } from '@/features/channels';
import type { Content } from './types';

// Addresses the content area links to.

/** The archive of a channel at a catch-up entry's start (the viewer finds the channel in all channels). */
export const archivePath = (channelId: number, startAt?: number) => channelPath(String(ALL_CATEGORY), { id: channelId, slug: '' }, startAt);

export const contentPagePath = (c: Pick<Content, 'id' | 'slug'>, child?: Pick<Content, 'id' | 'slug'> | null) =>
  `/contents/${c.slug || c.id}${child ? `/${child.slug || child.id}` : ''}`;

export const watchPath = (c: Pick<Content, 'id' | 'slug'>) => `/watch/${c.slug || c.id}`;

export const trailerPath = (trailerId: number) => `/trailers/${trailerId}`;

/** Sets an id the purchase flow plays once the packet is bought (spec 4 "Content page and play flow" 3). */
export const START_AFTER_BUY_KEY = 'start_after_buy';

export function rememberStartAfterBuy(contentId: number): void {
  try {
    sessionStorage.setItem(START_AFTER_BUY_KEY, String(contentId));
  } catch {
    // Storage may be unavailable (private mode); the purchase still works without it.
  }
}
