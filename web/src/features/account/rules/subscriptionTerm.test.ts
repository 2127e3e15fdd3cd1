import { describe, expect, it } from 'vitest';
import { formatDate, subscriptionTerm } from './subscriptionTerm';

const at = { start_at: 100, end_at: 200, next_pay_at: 200 as number | null, next_price: 29900 as number | null };

describe('subscriptionTerm', () => {
  it.each([
    ['renewing: next payment with the next price', { state: 'active_renewing', renew: true, ...at }, { kind: 'nextPayment', at: 200, price: 29900 }],
    ['renewing without a pay date: the end', { state: 'active_renewing', renew: true, ...at, next_pay_at: null }, { kind: 'ends', at: 200 }],
    ['not renewing: the end', { state: 'active', renew: false, ...at }, { kind: 'ends', at: 200 }],
    ['promo: the end', { state: 'promo', renew: false, ...at }, { kind: 'ends', at: 200 }],
    ['future: the start', { state: 'future', renew: true, ...at }, { kind: 'starts', at: 100, price: 29900 }],
    ['no end', { state: 'active', renew: false, ...at, end_at: 0 }, { kind: 'unlimited' }],
  ] as const)('%s', (_name, input, expected) => {
    expect(subscriptionTerm(input)).toEqual(expected);
  });

  it('formats unix seconds in the interface language', () => {
    expect(formatDate(1767225600, 'en')).toContain('2026');
  });
});
