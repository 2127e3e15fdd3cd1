import { isApiError } from '@/shared/api';
import type { LoginState } from '@/shared/session';
import type { Packet, PaySystem, PeriodOption } from '../types';
import { hasTrial } from './periods';

// The purchase flow of spec 4 "Purchase flow" steps 1-9 as pure decisions. The flow
// (flow.ts) asks these and performs what they answer: which modal opens, which call runs.

/** Spec 5: the pay check is skipped this long after a payment whose pay system skips parental control. */
export const SKIP_PARENTAL_AFTER_PAYMENT_MS = 30_000;

/** A buy-after-auth flag older than this is forgotten (a sign-in much later is another visit). */
export const CHOSEN_PACKET_TTL_MS = 30 * 60_000;

export type EntryDecision =
  | { kind: 'new_window' }
  | { kind: 'auth' }
  | { kind: 'disabled' }
  | { kind: 'not_allowed' }
  | { kind: 'go' };

/**
 * Step 1: an embedded page buys in a new window; payment needs a signed-in (not guest)
 * viewer whose account may pay. `paymentAllowed` is undefined while the account is unknown.
 */
export function decideEntry(c: { embedded: boolean; viewer: LoginState; paymentEnabled: boolean; paymentAllowed?: boolean }): EntryDecision {
  if (c.embedded) return { kind: 'new_window' };
  if (c.viewer !== 'logged') return { kind: 'auth' };
  if (!c.paymentEnabled) return { kind: 'disabled' };
  if (c.paymentAllowed === false) return { kind: 'not_allowed' };
  return { kind: 'go' };
}

/** Step 2: ask for the PIN (action pay) unless a payment that skips parental control was just made. */
export function needsPayPin(c: { pinCheckNeeded: boolean; lastSkipPaymentAtMs: number | null; nowMs: number }): boolean {
  if (!c.pinCheckNeeded) return false;
  if (c.lastSkipPaymentAtMs !== null && c.nowMs - c.lastSkipPaymentAtMs >= 0 && c.nowMs - c.lastSkipPaymentAtMs < SKIP_PARENTAL_AFTER_PAYMENT_MS) return false;
  return true;
}

export const isBasePacket = (p: Pick<Packet, 'is_base' | 'base'>) => p.is_base || p.base;

/** The viewer holds the packet (any subscription state, a planned one included). */
export const isOwned = (p: Pick<Packet, 'is_purchased' | 'subscription'>) => p.is_purchased || p.subscription !== null;

export type PacketDecision = { kind: 'owned' } | { kind: 'bundle'; queue: number[] } | { kind: 'quick_packets' } | { kind: 'periods' };

/**
 * Steps 3, 4 and 9: an owned packet says 'already bought' (checked first: an add-on the
 * viewer holds needs no base); a bundle subscribes its packets in turn; an add-on without a
 * base packet, where the operator does not allow that, asks for a base packet first.
 */
export function decidePacket(c: {
  packet: Pick<Packet, 'is_purchased' | 'subscription' | 'is_base' | 'base' | 'packets'>;
  ownsBase: boolean;
  allowWithoutBase: boolean;
}): PacketDecision {
  if (isOwned(c.packet)) return { kind: 'owned' };
  if (c.packet.packets.length > 0) return { kind: 'bundle', queue: c.packet.packets.map((p) => p.id) };
  if (!isBasePacket(c.packet) && !c.ownsBase && !c.allowWithoutBase) return { kind: 'quick_packets' };
  return { kind: 'periods' };
}

export type PeriodDecision = { kind: 'buy'; option: PeriodOption; trial: boolean } | { kind: 'choose' } | { kind: 'none' };

/**
 * Step 5: a period asked for is bought as it is; an option with an open trial, or the only
 * option, goes straight to buying; otherwise the viewer picks in confirm_period.
 */
export function decidePeriod(options: PeriodOption[], asked: { periodId?: number; trial?: boolean } = {}): PeriodDecision {
  if (options.length === 0) return { kind: 'none' };
  const chosen = asked.periodId !== undefined ? options.find((o) => o.id === asked.periodId) : undefined;
  if (chosen) return { kind: 'buy', option: chosen, trial: asked.trial !== false && hasTrial(chosen) };
  if (asked.trial !== false) {
    const trial = options.find(hasTrial);
    if (trial) return { kind: 'buy', option: trial, trial: true };
  }
  if (options.length === 1) return { kind: 'buy', option: options[0]!, trial: false };
  return { kind: 'choose' };
}

export type BuyingDecision = { kind: 'confirm' } | { kind: 'pay'; missing: number };

/**
 * Step 6 and 8: the balance covers the amount (a free 0.00 packet always): confirm and pay
 * from it; else pay what is missing, the price minus the balance.
 */
export function decideBuying(amount: number, balance: number): BuyingDecision {
  if (amount <= 0 || balance >= amount) return { kind: 'confirm' };
  return { kind: 'pay', missing: amount - Math.max(0, balance) };
}

/** The pay systems a purchase may use: never the balance itself; only the allowed ones when listed. */
export function usablePaySystems(all: PaySystem[], allowed?: string[]): PaySystem[] {
  const out = all.filter((p) => p.kind !== 'provider_account');
  if (!allowed || allowed.length === 0) return out;
  const limited = out.filter((p) => allowed.includes(p.shortname));
  return limited.length > 0 ? limited : out;
}

export type PaySystemPick = { kind: 'one'; paysystem: PaySystem } | { kind: 'choose' } | { kind: 'none' };

/** The pay system asked for by name, or the only one; else the viewer chooses. */
export function pickPaySystem(usable: PaySystem[], asked?: string): PaySystemPick {
  const named = asked ? usable.find((p) => p.shortname === asked) : undefined;
  if (named) return { kind: 'one', paysystem: named };
  if (usable.length === 0) return { kind: 'none' };
  if (usable.length === 1) return { kind: 'one', paysystem: usable[0]! };
  return { kind: 'choose' };
}

export type PayRoute = 'pay_phone_sms' | 'pay_qr' | 'info' | 'pay_card' | 'pay_iframe' | 'pay_redirect';

/**
 * Step 6 by the pay system's kind: phone -> SMS, qrcode / qrcode_png -> QR, info -> the
 * operator's text; otherwise the card flow: a primary saved card pays at once (pay_card),
 * else the gateway's page (in an iframe where enabled, else a redirect).
 */
export function payRoute(ps: Pick<PaySystem, 'kind' | 'payforms'>, c: { hasPrimaryCard: boolean; iframeEnabled: boolean }): PayRoute {
  switch (ps.kind) {
    case 'phone':
      return 'pay_phone_sms';
    case 'qrcode':
    case 'qrcode_png':
      return 'pay_qr';
    case 'info':
      return 'info';
    default:
      if (c.hasPrimaryCard && (ps.kind === 'linkedcard' || ps.payforms.includes('linkedcard'))) return 'pay_card';
      if (c.iframeEnabled && (ps.kind === 'pay_iframe' || ps.payforms.includes('pay_iframe'))) return 'pay_iframe';
      return 'pay_redirect';
  }
}

/** The form that opens the gateway's page for a pay system: short_url unless it only knows pay_iframe. */
export function redirectForm(ps: Pick<PaySystem, 'kind' | 'payforms'>): 'short_url' | 'pay_iframe' {
  if (ps.kind === 'short_url' || ps.payforms.includes('short_url')) return 'short_url';
  if (ps.kind === 'pay_iframe' || ps.payforms.includes('pay_iframe')) return 'pay_iframe';
  return 'short_url';
}

export type PurchaseFailure =
  | { kind: 'pay'; amount: number; currency: string | null }
  | { kind: 'no_base' }
  | { kind: 'owned' }
  | { kind: 'other' };

/**
 * What a refused purchase means: 402 insufficient_funds (subscriptions) and 400 nofunds
 * (offers) carry the missing amount (minor units, as a string); no_base_packet asks for a
 * base packet; already_subscribed is 'already bought'.
 */
export function classifyPurchaseError(e: unknown): PurchaseFailure {
  if (!isApiError(e)) return { kind: 'other' };
  if ((e.status === 402 && e.type === 'insufficient_funds') || (e.status === 400 && e.type === 'nofunds')) {
    const amount = Number(e.detail.amount);
    if (Number.isFinite(amount) && amount > 0) return { kind: 'pay', amount: Math.round(amount), currency: e.detail.currency || null };
    return { kind: 'other' };
  }
  if (e.type === 'no_base_packet') return { kind: 'no_base' };
  if (e.status === 409 || e.type === 'already_subscribed') return { kind: 'owned' };
  return { kind: 'other' };
}

export type SuccessVariant = 'packet' | 'paused' | 'content' | 'refill' | 'card';

/** Spec 4 "Transaction": the success alert's variant (normal, paused, content payment), plus top-ups and card links. */
export function successVariant(c: { purchase: 'packet' | 'offer' | 'refill' | 'card'; paused?: boolean }): SuccessVariant {
  if (c.purchase === 'offer') return 'content';
  if (c.purchase === 'refill') return 'refill';
  if (c.purchase === 'card') return 'card';
  return c.paused ? 'paused' : 'packet';
}
