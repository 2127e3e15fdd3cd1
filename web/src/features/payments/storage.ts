import { CHOSEN_PACKET_TTL_MS } from './rules/purchase';
import type { Purchase } from './types';

// What the purchase flow keeps across a sign-in or a trip to the gateway's page (spec 3
// "Locally stored": chosenPacket, purchase_id, purchase_packet_id). Storage may be
// unavailable (private mode): the flow then simply does not resume.

const CHOSEN_KEY = 'chosenPacket';
const PURCHASE_ID_KEY = 'purchase_id';
const PURCHASE_PACKET_KEY = 'purchase_packet_id';
/** The rest of the purchase waiting for the payment (queue, content to play), with the time saved. */
const PURCHASE_FLOW_KEY = 'purchase_flow';
/** When the last payment through a pay system that skips parental control completed (ms). */
const SKIP_PARENTAL_KEY = 'purchase_skip_parental_at';

function get(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function put(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Nothing to keep it in: the purchase goes on without resuming.
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

// ---- buy after sign-in ----

/** The purchase a guest started: it goes on by itself after the sign-in. */
export function saveChosen(purchase: Purchase, nowMs: number = Date.now()): void {
  put(session, CHOSEN_KEY, JSON.stringify({ purchase, at: nowMs }));
}

/** Takes the waiting purchase (once), unless it is too old. */
export function takeChosen(nowMs: number = Date.now()): Purchase | null {
  const raw = get(session, CHOSEN_KEY);
  if (raw === null) return null;
  put(session, CHOSEN_KEY, null);
  try {
    const { purchase, at } = JSON.parse(raw) as { purchase: Purchase; at: number };
    return nowMs - at <= CHOSEN_PACKET_TTL_MS ? purchase : null;
  } catch {
    return null;
  }
}

export const hasChosen = () => get(session, CHOSEN_KEY) !== null;

// ---- the payment on the gateway's page ----

export interface PendingPayment {
  transactionId: number;
  purchase: Purchase | null;
  savedAtMs: number;
}

export function savePendingPayment(transactionId: number, purchase: Purchase | null, nowMs: number = Date.now()): void {
  put(local, PURCHASE_ID_KEY, String(transactionId));
  put(local, PURCHASE_PACKET_KEY, purchase?.kind === 'packet' ? String(purchase.packetId) : null);
  put(local, PURCHASE_FLOW_KEY, JSON.stringify({ purchase, savedAtMs: nowMs }));
}

export function readPendingPayment(): PendingPayment | null {
  const id = Number(get(local, PURCHASE_ID_KEY));
  if (!Number.isInteger(id) || id <= 0) return null;
  try {
    const flow = JSON.parse(get(local, PURCHASE_FLOW_KEY) ?? 'null') as { purchase: Purchase | null; savedAtMs: number } | null;
    return { transactionId: id, purchase: flow?.purchase ?? null, savedAtMs: flow?.savedAtMs ?? 0 };
  } catch {
    return { transactionId: id, purchase: null, savedAtMs: 0 };
  }
}

export function clearPendingPayment(): void {
  put(local, PURCHASE_ID_KEY, null);
  put(local, PURCHASE_PACKET_KEY, null);
  put(local, PURCHASE_FLOW_KEY, null);
}

// ---- parental control after a payment ----

export function rememberSkipParental(nowMs: number = Date.now()): void {
  put(local, SKIP_PARENTAL_KEY, String(nowMs));
}

export function lastSkipParentalAt(): number | null {
  const v = Number(get(local, SKIP_PARENTAL_KEY));
  return Number.isFinite(v) && v > 0 ? v : null;
}
