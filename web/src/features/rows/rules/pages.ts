import type { Row } from '../types';
import { rowPageSize } from './sizes';

// Row pages loaded one after another (spec 4 "Slider and row loading", 5 "Content lists
// deduplicated by id").

export interface PageParam {
  offset: number;
  limit: number;
}

/** How many tiles a row answer carries (its lists together). */
export function rowItemCount(row: Row): number {
  return (row.contents?.length ?? 0) + (row.channels?.length ?? 0) + (row.promotions?.length ?? 0) + (row.histories?.length ?? 0) + (row.persons?.length ?? 0);
}

/**
 * The next page after a batch, or undefined when the batch was shorter than its limit (the
 * last one). `nextLimit` is the size of the pages after the first.
 */
export function nextPage(batch: Row, param: PageParam, nextLimit: number): PageParam | undefined {
  const n = rowItemCount(batch);
  if (n < param.limit || n === 0) return undefined;
  return { offset: param.offset + n, limit: nextLimit };
}

/** The full-list page of a row: the template's page size (spec 9) for every page. */
export const rowListLimit = (first: Row | undefined, fallback = 24) => (first ? rowPageSize(first.template) : fallback);

function uniq<T>(items: T[], key: (x: T) => string | number): T[] {
  const seen = new Set<string | number>();
  return items.filter((x) => {
    const k = key(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The pages of a row as one row, each list deduplicated by id. */
export function mergeRowPages(pages: readonly Row[]): Row | undefined {
  const [first, ...rest] = pages;
  if (!first) return undefined;
  const all = [first, ...rest];
  const last = all[all.length - 1]!;
  return {
    ...first,
    more_count: last.more_count,
    contents: uniq(all.flatMap((p) => p.contents ?? []), (c) => c.id),
    channels: uniq(all.flatMap((p) => p.channels ?? []), (c) => c.id),
    promotions: uniq(all.flatMap((p) => p.promotions ?? []), (p) => p.id),
    histories: uniq(all.flatMap((p) => p.histories ?? []), (h) => h.content_episode?.id ?? h.content.id),
    persons: uniq(all.flatMap((p) => p.persons ?? []), (p) => p.id),
  };
}
