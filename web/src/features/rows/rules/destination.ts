import type { Destination } from '../types';

// Where a row tile leads (spec 2 "Row and tile templates", destination types of a tile).

/** The all-channels category: the segment kept in a channel link from a tile. */
const ALL_CHANNELS_CATEGORY = 32;

export type TileTarget =
  /** A route of the client; `modalPage` ones open over the current page. */
  | { kind: 'link'; to: string; modalPage?: boolean }
  /** open_url: a new window. */
  | { kind: 'external'; href: string }
  /** A hash modal: #promocode, or #message with a title and a text. */
  | { kind: 'modal'; name: 'promocode' | 'message'; data?: { title: string; text: string } }
  /** Nothing to open (a destination without the data it needs). */
  | { kind: 'none' };

export interface DestinationContext {
  /**
   * The provider is an OTT service. The contract has no flag for it yet (our operators
   * are OTT services), so callers pass true unless the network data says otherwise.
   */
  providerIsOtt: boolean;
}

const idOrSlug = (d: Destination) => (d.slug ? d.slug : d.id != null ? String(d.id) : '');

/** /contents/{slug or id}, with ?library_id when the item names a library. */
export function contentPath(slugOrId: string | number, libraryId?: number | null): string {
  const base = `/contents/${encodeURIComponent(String(slugOrId))}`;
  return libraryId ? `${base}?library_id=${libraryId}` : base;
}

/** /channels/{category}/{channel}: the viewer of one channel. */
export function channelPath(slugOrId: string | number, category: number | null = null): string {
  return `/channels/${category ?? ALL_CHANNELS_CATEGORY}/${encodeURIComponent(String(slugOrId))}`;
}

export const rowPath = (slugOrId: string | number) => `/row/${encodeURIComponent(String(slugOrId))}`;

/** A rowset by slug is the short form /{slug}; by id /rowset/{id}. */
export const rowsetPath = (d: { id?: number | null; slug?: string }) =>
  d.slug ? `/${encodeURIComponent(d.slug)}` : `/rowset/${d.id ?? ''}`;

export function destinationTarget(d: Destination | null | undefined, ctx: DestinationContext): TileTarget {
  if (!d) return { kind: 'none' };
  const key = idOrSlug(d);
  switch (d.type) {
    case 'open_url':
      return d.src ? { kind: 'external', href: d.src } : { kind: 'none' };
    case 'enter_promo_key':
      return { kind: 'modal', name: 'promocode' };
    case 'content':
      return key ? { kind: 'link', to: contentPath(key, d.libraryId), modalPage: true } : { kind: 'none' };
    case 'row':
      return key ? { kind: 'link', to: rowPath(key) } : { kind: 'none' };
    case 'packet': {
      const id = !ctx.providerIsOtt && d.id_no_ott ? d.id_no_ott : d.id;
      return id != null ? { kind: 'link', to: `/packets/${id}` } : { kind: 'none' };
    }
    case 'rowset':
      return key ? { kind: 'link', to: rowsetPath(d) } : { kind: 'none' };
    case 'channel':
      return key ? { kind: 'link', to: channelPath(key), modalPage: true } : { kind: 'none' };
    case 'last_channel':
      return { kind: 'link', to: '/channels' };
    case 'text':
      return { kind: 'modal', name: 'message', data: { title: d.title ?? '', text: d.description ?? '' } };
    default:
      return { kind: 'none' };
  }
}
