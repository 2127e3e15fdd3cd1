import type { UserPacket } from '../types';

// What the dates line of a subscription says: a renewing one its next payment and price, a
// future one when it starts, the others when they end (end_at 0: no end).

export type SubscriptionTerm =
  | { kind: 'nextPayment'; at: number; price: number | null }
  | { kind: 'starts'; at: number; price: number | null }
  | { kind: 'ends'; at: number }
  | { kind: 'unlimited' };

export function subscriptionTerm(s: Pick<UserPacket, 'state' | 'renew' | 'start_at' | 'end_at' | 'next_pay_at' | 'next_price'>): SubscriptionTerm {
  if (s.state === 'future') return { kind: 'starts', at: s.start_at, price: s.next_price };
  if (s.state === 'active_renewing' && s.renew && s.next_pay_at) return { kind: 'nextPayment', at: s.next_pay_at, price: s.next_price };
  if (s.end_at > 0) return { kind: 'ends', at: s.end_at };
  return { kind: 'unlimited' };
}

/** Commerce times are unix seconds. */
export function formatDate(unixSeconds: number, lng: string, withTime = false): string {
  const opts: Intl.DateTimeFormatOptions = withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'long' };
  try {
    return new Intl.DateTimeFormat(lng, opts).format(new Date(unixSeconds * 1000));
  } catch {
    return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
  }
}
