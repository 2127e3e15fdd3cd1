import { ALL_CATEGORY, CHILD_CATEGORY, EXCLUDED_CATEGORY, FALLBACK_CATEGORY, FAVORITES_CATEGORY } from './constants';
import type { Category, Channel } from './types';

// Category rules of spec 4 "Channel opening" / "Favourites" and 9 "Categories and channels".

/**
 * Multi-select: choosing all-channels clears the others; choosing another removes
 * all-channels; deselecting the last one falls back to all-channels.
 */
export function toggleCategory(selected: readonly number[], id: number): number[] {
  if (id === ALL_CATEGORY) return [ALL_CATEGORY];
  const rest = selected.filter((c) => c !== ALL_CATEGORY);
  const next = rest.includes(id) ? rest.filter((c) => c !== id) : [...rest, id];
  return next.length ? next : [ALL_CATEGORY];
}

export interface CategoryContext {
  isChild: boolean;
  /** Ids of the viewer's favourite channels (in the order of the line-up). */
  favoriteChannelIds: readonly number[];
  /** The favourites category's name in the interface language. */
  favoritesName: string;
}

/**
 * The categories the picker offers: never 26; the favourites category (1000) only while a
 * favourite channel exists, right after all-channels; child profiles get theirs only.
 */
export function visibleCategories(categories: readonly Category[], ctx: CategoryContext): Category[] {
  const own = categories.filter((c) => c.id !== EXCLUDED_CATEGORY && c.id !== FAVORITES_CATEGORY);
  if (ctx.isChild) return own.filter((c) => c.id === CHILD_CATEGORY);
  if (!ctx.favoriteChannelIds.length) return own;
  const fromServer = categories.find((c) => c.id === FAVORITES_CATEGORY);
  const favorites: Category = {
    id: FAVORITES_CATEGORY,
    slug: fromServer?.slug || 'favorites',
    name: fromServer?.name || ctx.favoritesName,
    channels: [...ctx.favoriteChannelIds],
    short: fromServer?.short ?? '',
    sort: fromServer?.sort ?? 0,
    tags: { all_channels: false, startup: false, is_adult: false },
  };
  const allAt = own.findIndex((c) => c.id === ALL_CATEGORY || c.tags?.all_channels);
  const out = [...own];
  out.splice(allAt + 1, 0, favorites);
  return out;
}

/** Finds a category by route segment: numeric id or slug. */
export function findCategory(categories: readonly Category[], segment: string | undefined): Category | undefined {
  if (!segment) return undefined;
  return categories.find((c) => String(c.id) === segment || c.slug === segment);
}

/**
 * The categories selected on arrival: the route's (a comma list of ids or slugs is the
 * multi-selection), the child's 22, favourites gone -> 17, else all-channels.
 */
export function initialSelection(
  categories: readonly Category[],
  segment: string | undefined,
  isChild: boolean,
): { selected: number[]; missing: boolean } {
  if (isChild) return { selected: [CHILD_CATEGORY], missing: false };
  if (!segment) return { selected: [ALL_CATEGORY], missing: false };
  const parts = segment.split(',').filter(Boolean);
  const found = parts.map((p) => findCategory(categories, p)).filter((c): c is Category => !!c);
  if (found.length === parts.length && found.length) return { selected: found.map((c) => c.id), missing: false };
  if (parts.includes(String(FAVORITES_CATEGORY)) || parts.includes('favorites')) {
    const fallback = categories.some((c) => c.id === FALLBACK_CATEGORY) ? FALLBACK_CATEGORY : ALL_CATEGORY;
    return { selected: [fallback], missing: false };
  }
  return { selected: found.length ? found.map((c) => c.id) : [ALL_CATEGORY], missing: true };
}

/** The channels of the selected categories in line-up order (number, then name). */
export function channelsInCategories(
  channels: readonly Channel[],
  categories: readonly Category[],
  selected: readonly number[],
): Channel[] {
  const sorted = [...channels].filter((c) => !c.is_hidden).sort(lineUpOrder);
  if (selected.includes(ALL_CATEGORY)) return sorted;
  const ids = new Set<number>();
  for (const id of selected) for (const ch of categories.find((c) => c.id === id)?.channels ?? []) ids.add(ch);
  return sorted.filter((c) => ids.has(c.id));
}

export function lineUpOrder(a: Channel, b: Channel): number {
  return (a.number || 1e9) - (b.number || 1e9) || a.name.localeCompare(b.name);
}

/** The route segment of a selection: one id or slug, or a comma list. */
export function selectionSegment(categories: readonly Category[], selected: readonly number[]): string {
  return selected.map((id) => categories.find((c) => c.id === id)?.slug || String(id)).join(',');
}

/** Ids of the adult categories (tag is_adult). */
export function adultCategoryIds(categories: readonly Category[]): Set<number> {
  return new Set(categories.filter((c) => c.tags?.is_adult).map((c) => c.id));
}
