import type { Content } from '../types';
import { contentPath } from './destination';

// What a content tile shows and where it leads.

export type TileShape = 'poster' | 'cover';

/** The picture of a content for a 2:3 poster or a 16:9 cover, '' when it has none. */
export function contentImage(c: Pick<Content, 'images' | 'cover'>, shape: TileShape): string {
  if (shape === 'poster') {
    return c.cover?.src_2x3 || c.images?.find((i) => i.type === 'poster' || i.aspect_ratio === '2:3')?.src || '';
  }
  return (
    c.cover?.src_16x9 ||
    c.images?.find((i) => (i.type === 'cover' || i.type === 'wide') && i.aspect_ratio === '16:9')?.src ||
    c.images?.find((i) => i.aspect_ratio === '16:9')?.src ||
    ''
  );
}

/**
 * Spec 2: content tiles open the content page; episodes (and history items) open /watch.
 * The library of the row, when it names one, is carried as ?library_id.
 */
export function contentTilePath(c: Pick<Content, 'id' | 'slug' | 'content_type'>, libraryId?: number | null): string {
  if (c.content_type === 'episode') return `/watch/${c.slug || c.id}`;
  return contentPath(c.slug || c.id, libraryId);
}

/** The best rating of a content: Kinopoisk, else IMDb, else the first one listed. */
export function contentRating(c: Pick<Content, 'rating_kinopoisk' | 'rating_imdb' | 'ratings'>): number | null {
  const r = c.rating_kinopoisk ?? c.rating_imdb ?? c.ratings?.[0]?.rating ?? null;
  return r != null && r > 0 ? r : null;
}

/**
 * Spec 5: ratings are shown to one decimal, with the language's decimal mark (a point in
 * English, a comma in the other interface languages). No Intl.NumberFormat: building one
 * costs more than a whole row of tiles on a slow phone.
 */
export function formatRating(r: number, locale?: string): string {
  const text = (Math.round(r * 10) / 10).toFixed(1);
  return !locale || /^en\b/i.test(locale) ? text : text.replace('.', ',');
}

/** Spec 5: the rating colour threshold is 6.1. */
export const RATING_GOOD_FROM = 6.1;

/**
 * Spec 5 "colours calculated per value": from 6.1 up a green that grows richer towards 10;
 * below, grey turning red towards 0. The lightness keeps white text at 4.5:1 or more.
 */
export function ratingColor(r: number): string {
  const v = Math.max(0, Math.min(10, r));
  if (v >= RATING_GOOD_FROM) {
    const k = (v - RATING_GOOD_FROM) / (10 - RATING_GOOD_FROM);
    return `hsl(${Math.round(100 + 30 * k)}, ${Math.round(45 + 25 * k)}%, 30%)`;
  }
  const k = v / RATING_GOOD_FROM;
  return `hsl(${Math.round(5 + 25 * k)}, ${Math.round(55 - 35 * k)}%, 38%)`;
}
