import type { Content, Rating } from '../types';

// Ratings of the content page (spec 5): to one decimal, coloured per value with the
// threshold 6.1. The formatting and the colour are the tiles' (rows feature), so a
// rating looks the same on a tile and on the page; this file picks what to show.

export const RATING_THRESHOLD = 6.1;

export type RatingTone = 'low' | 'high';

/** Below or from the threshold, after rounding to the shown decimal (6.05 shows 6.1: high). */
export function ratingTone(value: number): RatingTone {
  return Math.round(value * 10) / 10 >= RATING_THRESHOLD ? 'high' : 'low';
}

export interface ShownRating {
  type: string;
  value: number;
}

const NAMED = ['kinopoisk', 'imdb'];

/**
 * The ratings to show: the two named sources first (rating_kinopoisk, rating_imdb or the
 * list), then the other sources of the list; empty and zero values are left out.
 */
export function contentRatings(c: Pick<Content, 'ratings' | 'rating_imdb' | 'rating_kinopoisk'>): ShownRating[] {
  const byType = new Map<string, number>();
  const put = (type: string, v: number | null | undefined) => {
    if (v == null || !Number.isFinite(v) || v <= 0) return;
    if (!byType.has(type)) byType.set(type, v);
  };
  put('kinopoisk', c.rating_kinopoisk);
  put('imdb', c.rating_imdb);
  for (const r of c.ratings ?? ([] as Rating[])) put(r.type.toLowerCase(), r.rating);
  const named = NAMED.filter((t) => byType.has(t)).map((type) => ({ type, value: byType.get(type)! }));
  const others = [...byType].filter(([t]) => !NAMED.includes(t)).map(([type, value]) => ({ type, value }));
  return [...named, ...others];
}
