import { StorageKey, writeKey } from '../session';

// A click id from the query (click_id, clickid or clickId) is saved as app_sell_click_id
// (spec 7), for the app-sell links; a page without one keeps the saved one.

const NAMES = ['click_id', 'clickid', 'clickId'] as const;
const MAX_LENGTH = 200;

/** The click id of a query string ('?a=1&clickId=x'), or null. */
export function clickIdOf(search: string): string | null {
  const q = new URLSearchParams(search);
  for (const name of NAMES) {
    const v = q.get(name)?.trim();
    if (v) return v.slice(0, MAX_LENGTH);
  }
  return null;
}

/** Saves the query's click id; answers it (null when the query has none). */
export function keepClickId(search: string): string | null {
  const id = clickIdOf(search);
  if (id !== null) writeKey(StorageKey.appSellClickId, id);
  return id;
}
