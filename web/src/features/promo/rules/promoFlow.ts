import { isApiError } from '@/shared/api';
import type { PromoData } from '../types';

// Spec 4 "Promo code flow": 1 enter code, 2 sign in (guests), 3 link card or confirm,
// 4 success. These decide the step after each answer; the hook only runs the calls.

export type PromoStep = 'enter' | 'login' | 'card' | 'confirm' | 'success';

/** After the check: paid keys need a linked card, some need a confirmation, the rest apply at once. */
export function stepAfterCheck(promo: Pick<PromoData, 'is_paid' | 'is_need_confirm'>, hasCard: boolean): 'card' | 'confirm' | 'apply' {
  if (promo.is_paid && !hasCard) return 'card';
  if (promo.is_need_confirm) return 'confirm';
  return 'apply';
}

/** The first step for a submitted code: guests sign in first, nothing is sent for them. */
export function stepOnSubmit(isLogged: boolean): 'login' | 'check' {
  return isLogged ? 'check' : 'login';
}

export type PromoFailure =
  | { step: 'card' }
  /** Back to step 1 with the server's message (spec 8: 400 and 404 on check or apply). */
  | { step: 'enter'; message: string | null; reason: 'invalid' | 'rateLimited' | 'other' };

export function promoFailure(e: unknown): PromoFailure {
  if (!isApiError(e)) return { step: 'enter', message: null, reason: 'other' };
  if (e.type === 'card_required') return { step: 'card' };
  const message = e.message.trim() || null;
  if (e.status === 400 || e.status === 404) return { step: 'enter', message, reason: 'invalid' };
  if (e.status === 429) return { step: 'enter', message, reason: 'rateLimited' };
  return { step: 'enter', message, reason: 'other' };
}

export type PromoGiftLine = { kind: 'days'; days: number; packets: string[] } | { kind: 'amount'; amount: number; currency: string };

/** What a key gives: days of which packets (operator's and OTT packets apart), money on the balance. */
export function promoGift(p: Pick<PromoData, 'amount' | 'currency' | 'days' | 'ott_days' | 'packet_ids' | 'ott_packet_ids' | 'packets'>): PromoGiftLine[] {
  const names = (ids: readonly number[]) => {
    const chosen = ids.length > 0 ? p.packets.filter((x) => ids.includes(x.id)) : p.packets;
    return chosen.map((x) => x.name);
  };
  const lines: PromoGiftLine[] = [];
  if (p.days > 0) lines.push({ kind: 'days', days: p.days, packets: names(p.packet_ids) });
  if (p.ott_days > 0) lines.push({ kind: 'days', days: p.ott_days, packets: p.ott_packet_ids.length > 0 ? names(p.ott_packet_ids) : [] });
  if (p.amount > 0) lines.push({ kind: 'amount', amount: p.amount, currency: p.currency });
  return lines;
}
