import type { TFunction } from 'i18next';
import type { StaffTransaction } from '../api/types';

// Values the contract leaves as free strings (the known ones in words, others as sent), and
// what the card's rows allow.

type T = TFunction<'operator'>;

const SUBSCRIPTION_TYPES = ['paid', 'trial', 'promo', 'grant'] as const;
const PROFILE_ROLES = ['adult', 'child'] as const;
const DEVICE_TYPES = ['tv', 'tablet', 'phone', 'pc'] as const;
const PAYMENT_KINDS = ['refill', 'subscription', 'offer', 'card_link', 'renewal'] as const;
const PAYMENT_NOTES = [
  '3ds_failed',
  'amount_mismatch',
  'canceled_by_payer',
  'card_declined',
  'card_expired',
  'declined',
  'expired',
  'insufficient_funds',
  'kept_on_balance',
  'rejected',
  'sms_code_failed',
] as const;

function known<K extends string>(list: readonly K[], value: string): value is K {
  return (list as readonly string[]).includes(value);
}

export const subscriptionType = (t: T, v: string) => (known(SUBSCRIPTION_TYPES, v) ? t(`card.types.${v}`) : v);
export const profileRole = (t: T, v: string) => (known(PROFILE_ROLES, v) ? t(`card.profileRoles.${v}`) : v);
export const deviceType = (t: T, v: string) => (known(DEVICE_TYPES, v) ? t(`card.deviceTypes.${v}`) : v);
export const paymentKind = (t: T, v: string) => (known(PAYMENT_KINDS, v) ? t(`payments.kinds.${v}`) : v);

/** A payment's status description: a machine code in words, or null for a code not known here. */
export const paymentNote = (t: T, v: string): string | null => (known(PAYMENT_NOTES, v) ? t(`payments.notes.${v}`) : null);

/** Subscriptions whose renewal staff may switch (a grant or promo has no price to charge). */
export const renewable = (type: string) => type === 'paid' || type === 'trial';

/** What is left to refund of a payment: a complete one, less its refunds so far. */
export const refundable = (tx: StaffTransaction) => (tx.status === 'complete' ? Math.max(tx.amount - tx.refunded, 0) : 0);
