import type { PromoData } from './types';

// The flow leaves its dialog twice: for #auth (a guest signs in) and for #card (a paid key
// needs a card; linking may go through the gateway's page and come back by reload). What
// it must remember across that trip waits here, in session storage, read by the next flow
// that starts (which then clears it). Anything else of the flow is dropped on leaving.

const STORAGE_KEY = 'efir.promoPending';
/** A trip that has not come back within this time is forgotten. */
export const PENDING_TTL_MS = 60 * 60 * 1000;

export type PendingPromo = { stage: 'login'; key: string; at: number } | { stage: 'card'; key: string; promo: PromoData; at: number };

export function savePending(pending: PendingPromo): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Private mode without storage: the viewer types the code again.
  }
}

/**
 * The pending trip, if one is fresh. Reading does not clear it: React may render a
 * component twice before it mounts, and both renders must see the same trip.
 */
export function readPending(nowMs: number = Date.now()): PendingPromo | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as PendingPromo;
    if (typeof p.key !== 'string' || typeof p.at !== 'number' || nowMs - p.at > PENDING_TTL_MS) return null;
    if (p.stage !== 'login' && !(p.stage === 'card' && p.promo)) return null;
    return p;
  } catch {
    return null;
  }
}

export function clearPending(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
