import { contentPagePath, type Content } from '@/features/content';

// Addresses of /content_embed/{slug or id} (spec 2): the content's player alone for a frame
// on another site. Moving on (a series to its episode, an episode to the next one, a
// programme to its catch-up) stays inside embeds; only the "open on the site" link leaves,
// and it opens a new window.

type Ref = Pick<Content, 'id' | 'slug'>;

/** The embed of another content, keeping the address's query (?ignore_parental_control=1 ...). */
export function contentEmbedPath(c: Ref, search = ''): string {
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `/content_embed/${c.slug || c.id}${query === '?' ? '' : query}`;
}

/** A programme's catch-up plays in the channel embed from the entry's start. */
export function channelEmbedPath(channelId: number, startAt: number): string {
  return `/channel_embed/${channelId}?ts=${startAt}`;
}

/** The content's page on the site, absolute (it opens in a new window, out of the frame). */
export function siteContentUrl(origin: string, content: Ref, root?: Ref | null): string {
  return origin + (root && root.id !== content.id ? contentPagePath(root, content) : contentPagePath(content));
}

/**
 * Whether the page runs inside a frame of another page (an operator's or partner's site).
 * Reading window.top of a cross-origin parent is allowed; a browser that refuses counts
 * as framed, since only a frame can be refused.
 */
export function isFramed(win: { self: unknown; top: unknown } | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  if (!win) return false;
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}
