import type { RowTemplate } from '../types';

// Paging and tile counts of rows (spec 9 "Caching, timing and paging", spec 2 tiles).

/** Spec 9: row page size 21 for content-v, 18 for content-h, 24 otherwise. */
export function rowPageSize(template: RowTemplate | string): number {
  if (template === 'content-v') return 21;
  if (template === 'content-h') return 18;
  return 24;
}

/** Spec 2: the open-all tile shows past 6 items on these templates. */
const OPEN_ALL_TEMPLATES = new Set<string>(['content-h', 'content-v', 'history-h', 'channel']);
export const OPEN_ALL_AFTER = 6;

export function showsOpenAll(template: RowTemplate | string, itemCount: number): boolean {
  return OPEN_ALL_TEMPLATES.has(template) && itemCount > OPEN_ALL_AFTER;
}

/** Spec 2: the first 4 rows of a page load at once, the rest when they near the viewport. */
export const EAGER_ROWS = 4;
/** Spec 9: lazy rows load within 150 px of the viewport, after a 150 ms debounce. */
export const LAZY_ROW_MARGIN_PX = 150;
export const LAZY_ROW_DEBOUNCE_MS = 150;
/** Spec 2: skeleton rows show 8 placeholders. */
export const SKELETON_TILES = 8;
/** Spec 4 "Slider and row loading": a stuck load is forced to finish after 10 s. */
export const LOAD_STUCK_MS = 10_000;
