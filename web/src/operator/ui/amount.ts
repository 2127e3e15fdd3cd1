import type { TFunction } from 'i18next';
import { isApiError } from '@/shared/api/errors';
import { errorText } from './errorText';
import { formatMoney } from './format';

// Money the staff member types: major units of the currency ("1 500,50"), sent as integer
// minor units. The console's own reading of an amount (the viewer's top-up form has its
// own); both follow the same rules.

/** The most one change of the balance may move, minor units (the server's typo guard). */
export const MAX_CHANGE_MINOR = 10_000_000;

export type AmountReading = { ok: true; minor: number } | { ok: false; reason: 'format' | 'max' };

/**
 * "500", "500.5", "500,50", "1 000" -> minor units. Not a positive number with at most two
 * decimals: 'format'; more than `max` minor units: 'max'.
 */
export function readAmount(text: string, max = MAX_CHANGE_MINOR): AmountReading {
  const s = text.replace(/[\s\u00a0\u202f']/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return { ok: false, reason: 'format' };
  const minor = Math.round(Number(s) * 100);
  if (!Number.isSafeInteger(minor) || minor <= 0) return { ok: false, reason: 'format' };
  if (minor > max) return { ok: false, reason: 'max' };
  return { ok: true, minor };
}

/** Minor units as a field's starting text: whole units without decimals, else two decimals. */
export function amountText(minor: number): string {
  if (minor <= 0) return '';
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

/**
 * A fresh idempotency key (one per opened money form): a double click or a retry of the
 * same form moves money once. randomUUID needs a secure context; plain http on a LAN
 * address falls back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The text of a failed money change: the server's message, and the most that can be moved
 * now in words when the server says it (detail amount of insufficient_funds, detail
 * refundable of an amount beyond what is left), in the currency of the row. Field details
 * the form shows at its fields (amount, reason) are not repeated.
 */
export function moneyErrorText(t: TFunction<'operator'>, e: unknown, currency: string, lng: string, most: 'debit' | 'refund'): string {
  if (!isApiError(e) || e.isNetwork || e.status === 429) return errorText(t, e);
  const limit = e.type === 'insufficient_funds' ? e.detail.amount : e.detail.refundable;
  const minor = limit !== undefined && /^\d+$/.test(limit) ? Number(limit) : null;
  const main = e.message || t('errors.generic', { status: e.status });
  const shown = new Set(['amount', 'reason', 'refundable', 'currency']);
  const other = Object.entries(e.detail)
    .filter(([k, v]) => !shown.has(k) && v && !main.includes(v))
    .map(([, v]) => v);
  const parts = [other.length ? `${main} (${other.join('; ')})` : main];
  if (minor !== null) {
    const amount = formatMoney(minor, e.detail.currency || currency, lng);
    if (most === 'debit') parts.push(minor > 0 ? t('money.mostDebit', { amount }) : t('money.noDebit'));
    else parts.push(minor > 0 ? t('money.mostRefund', { amount }) : t('money.noRefund'));
  }
  return parts.join(' ');
}

/** The field's name a 400's detail points at, with its message (or null). */
export function fieldError(e: unknown, field: string): string | null {
  return isApiError(e) && e.status === 400 ? (e.detail[field] ?? null) : null;
}
