import { ALL_CATEGORY } from '../constants';
import { findCategory } from '../categories';
import { isTimestampSegment } from '../paths';
import type { Category } from '../types';

export interface ViewerRoute {
  /** The category segment to keep in links (zapping, schedule). */
  categorySegment: string;
  /** The channel id or slug. */
  channel: string;
  /** The raw ts (route segment or ?ts=). */
  ts: string | null;
}

/**
 * Spec 2: /channels/{category}/{channel}[/{ts}], and also /channels/{channel}[/{ts}] where
 * the first segment is a channel (then the channel's own category is used).
 */
export function resolveViewerRoute(
  params: { category?: string; channel?: string; ts?: string },
  query: URLSearchParams,
  categories: readonly Category[],
  channelCategory: (channel: string) => number | null,
): ViewerRoute | null {
  const { category, channel, ts } = params;
  const queryTs = query.get('ts');
  if (category && channel && !(isTimestampSegment(channel) && !findCategory(categories, category))) {
    return { categorySegment: category, channel, ts: ts ?? queryTs };
  }
  if (!category) return null;
  const own = channelCategory(category);
  const seg = own != null ? String(categories.find((c) => c.id === own)?.slug || own) : String(ALL_CATEGORY);
  return { categorySegment: seg, channel: category, ts: channel ?? queryTs };
}
