import type { RowParams } from '@/features/rows';

// The filter page's options and its state in the address (spec 2 "Filter page", 5 "Filters",
// 9 "Filter page: first load 100 items, then pages of 50; infinite scroll at 1000 px").

export type FilterKind = 'movie' | 'series';

export const FIRST_PAGE = 100;
export const NEXT_PAGE = 50;
export const SCROLL_MARGIN_PX = 1000;
/** Spec 5: the first 30 countries are shown. */
export const COUNTRY_LIMIT = 30;
/** Spec 5: rating choices 8, 7, 6. */
export const RATING_OPTIONS = [8, 7, 6] as const;
/** The "2020 to now" option and the oldest decade offered on its own. */
const SINCE_YEAR = 2020;
const OLDEST_DECADE = 1980;

export interface YearOption {
  /** As kept in the address: "2025-2026", "2024", "2020-", "2010-2019", "-1979" (the server's ids). */
  id: string;
  from: number | null;
  to: number | null;
}

const span = (from: number, to: number): YearOption => ({ id: from === to ? String(from) : `${from}-${to}`, from, to });

/**
 * Spec 5 year options: last year to this year, each of the previous 5 years, 2020 to now,
 * 2010-2019, 2000-2009, 1990-1999, 1980-1989, before 1980.
 */
export function yearOptions(now: Date): YearOption[] {
  const y = now.getFullYear();
  const out = [span(y - 1, y)];
  for (let year = y - 2; year >= y - 6; year--) out.push(span(year, year));
  out.push({ id: `${SINCE_YEAR}-`, from: SINCE_YEAR, to: null });
  for (let decade = Math.floor((SINCE_YEAR - 1) / 10) * 10; decade >= OLDEST_DECADE; decade -= 10) out.push(span(decade, decade + 9));
  out.push({ id: `-${OLDEST_DECADE - 1}`, from: null, to: OLDEST_DECADE - 1 });
  return out;
}

/** The filters as the address keeps them (?genre=&subgenre=&country=&year=&rating=). */
export interface FilterState {
  genre: string;
  subgenre: string;
  country: string;
  year: string;
  rating: string;
}

export const FILTER_KEYS = ['genre', 'subgenre', 'country', 'year', 'rating'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export function readFilters(search: URLSearchParams): FilterState {
  const get = (k: FilterKey) => (search.get(k) ?? '').trim().slice(0, 64);
  return { genre: get('genre'), subgenre: get('subgenre'), country: get('country'), year: get('year'), rating: get('rating') };
}

export const hasFilters = (s: FilterState) => FILTER_KEYS.some((k) => s[k] !== '');

/**
 * The address after one filter changes: the other filters stay (a subgenre goes with its
 * genre), other query parameters stay. The list starts again from offset 0 because the
 * filters are part of its query key.
 */
export function withFilter(search: URLSearchParams, key: FilterKey, value: string): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value) next.set(key, value);
  else next.delete(key);
  if (key === 'genre' && !value) next.delete('subgenre');
  if (key === 'genre' && value && next.get('subgenre') === value) next.delete('subgenre');
  return next;
}

export function withoutFilters(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const k of FILTER_KEYS) next.delete(k);
  return next;
}

/**
 * The row request of the filters. The genre is the content's main genre and the subgenre
 * another genre it has (the spec's main_genre and genre filters of /v2/rows), so choosing a
 * subgenre narrows the list of the genre.
 */
export function filterParams(kind: FilterKind, s: FilterState, now: Date): RowParams {
  const p: RowParams = { content_type: kind };
  if (s.genre) p.main_genre = s.genre;
  if (s.subgenre) p.genre = s.subgenre;
  if (/^\d+$/.test(s.country)) p.country = s.country;
  const year = yearOptions(now).find((o) => o.id === s.year);
  if (year?.from != null) p.year_from = year.from;
  if (year?.to != null) p.year_to = year.to;
  const rating = Number(s.rating);
  if ((RATING_OPTIONS as readonly number[]).includes(rating)) p.rating_from = rating;
  return p;
}
