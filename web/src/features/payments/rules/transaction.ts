import { isApiError } from '@/shared/api';
import type { Transaction } from '../types';

// Spec 4 "Transaction" and 9: a created payment is polled until it completes or fails.

export const TRANSACTION_POLL_MS = 5_000;
/** Polling gives up after this long. */
export const TRANSACTION_POLL_MAX_MS = 600_000;
/** A saved transaction older than this is not polled at all. */
export const TRANSACTION_MAX_AGE_S = 3_600;
/** A card link is polled quickly, slower while the gateway says pending, for 10 s at most. */
export const CARD_LINK_POLL_MS = 300;
export const CARD_LINK_POLL_PENDING_MS = 600;
export const CARD_LINK_TIMEOUT_MS = 10_000;

export type PollStep =
  | { kind: 'wait'; delayMs: number }
  | { kind: 'complete' }
  | { kind: 'error'; description: string }
  | { kind: 'timeout' };

/** After one answer of GET /transactions/{id}: done, failed, given up, or ask again after a delay. */
export function nextPollStep(
  tx: Pick<Transaction, 'status' | 'kind' | 'created_at' | 'status_description'>,
  c: { startedAtMs: number; nowMs: number },
): PollStep {
  if (tx.status === 'complete') return { kind: 'complete' };
  if (tx.status === 'error') return { kind: 'error', description: tx.status_description };
  if (tx.kind === 'card_link') {
    if (c.nowMs - c.startedAtMs >= CARD_LINK_TIMEOUT_MS) return { kind: 'timeout' };
    return { kind: 'wait', delayMs: tx.status === 'pending' ? CARD_LINK_POLL_PENDING_MS : CARD_LINK_POLL_MS };
  }
  if (c.nowMs - c.startedAtMs >= TRANSACTION_POLL_MAX_MS) return { kind: 'timeout' };
  if (tx.created_at > 0 && c.nowMs / 1000 - tx.created_at > TRANSACTION_MAX_AGE_S) return { kind: 'timeout' };
  return { kind: 'wait', delayMs: TRANSACTION_POLL_MS };
}

/** A failed poll: 504 (the gateway is slow) and network trouble keep polling; 404 ends it silently. */
export function pollFailureStep(e: unknown): 'retry' | 'silent' | 'fail' {
  if (!isApiError(e)) return 'fail';
  if (e.status === 504 || e.isNetwork) return 'retry';
  if (e.status === 404) return 'silent';
  return 'fail';
}

/** A saved transaction is worth polling only while it is younger than an hour. */
export function isSavedTransactionFresh(savedAtMs: number, nowMs: number): boolean {
  return nowMs - savedAtMs >= 0 && nowMs - savedAtMs <= TRANSACTION_MAX_AGE_S * 1000;
}

// ---- the return from the gateway's page ----

export const PURCHASED_PARAM = 'purchased';

/**
 * Where the gateway sends the viewer back: this page with purchased=true and the
 * pay_transaction modal, which polls the saved transaction.
 */
export function returnUrl(origin: string, pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('action');
  params.set(PURCHASED_PARAM, 'true');
  return `${origin}${pathname}?${params.toString()}#pay_transaction`;
}

export const withoutHash = (url: string) => url.split('#')[0] ?? url;

export function isPurchasedReturn(search: string): boolean {
  return new URLSearchParams(search).get(PURCHASED_PARAM) === 'true';
}

/** The query without purchased (cleared once the result is shown). */
export function withoutPurchased(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PURCHASED_PARAM);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** Spec 2 and 6: embedded pages (a path with _embed/, or inside another site's frame) buy in a new window. */
export function isEmbedded(pathname: string, inFrame: boolean): boolean {
  return inFrame || pathname.includes('_embed/');
}
