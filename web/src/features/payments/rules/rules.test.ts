import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import type { Packet, PaySystem, PeriodOption } from '../types';
import { majorText, parseMajorAmount } from './amount';
import { chargeOf, discountPercent, hasTrial, isPlannedChange, periodFromDays, periodParts, shownDiscount } from './periods';
import {
  classifyPurchaseError,
  decideBuying,
  decideEntry,
  decidePacket,
  decidePeriod,
  needsPayPin,
  payRoute,
  pickPaySystem,
  redirectForm,
  successVariant,
  usablePaySystems,
} from './purchase';
import {
  CARD_LINK_POLL_MS,
  CARD_LINK_POLL_PENDING_MS,
  TRANSACTION_POLL_MS,
  isEmbedded,
  isPurchasedReturn,
  isSavedTransactionFresh,
  nextPollStep,
  pollFailureStep,
  returnUrl,
  withoutPurchased,
} from './transaction';

const month = { days: 0, months: 1, years: 0 };
const option = (o: Partial<PeriodOption> & { id: number }): PeriodOption => ({
  months: 1,
  amount: 29900,
  monthly_amount: 29900,
  discount: 0,
  currency: 'RUB',
  trial_amount: null,
  period_human: month,
  trial_period_human: null,
  purchases_type: [],
  paysystems: [],
  is_have_money_on_balance: false,
  is_current: false,
  ...o,
});
const ps = (shortname: string, kind: PaySystem['kind'], payforms: string[] = []): PaySystem => ({
  shortname,
  kind,
  title: shortname,
  how_to_use: '',
  how_to_use_packet: '',
  button_text: '',
  skip_parental_control: false,
  payforms,
  is_test: false,
});

describe('step 1: entry', () => {
  it.each([
    [{ embedded: true, viewer: 'guest', paymentEnabled: true }, 'new_window'],
    [{ embedded: true, viewer: 'logged', paymentEnabled: true, paymentAllowed: true }, 'new_window'],
    [{ embedded: false, viewer: 'guest', paymentEnabled: true }, 'auth'],
    [{ embedded: false, viewer: 'anonymous', paymentEnabled: true }, 'auth'],
    [{ embedded: false, viewer: 'logged', paymentEnabled: false, paymentAllowed: true }, 'disabled'],
    [{ embedded: false, viewer: 'logged', paymentEnabled: true, paymentAllowed: false }, 'not_allowed'],
    [{ embedded: false, viewer: 'logged', paymentEnabled: true, paymentAllowed: true }, 'go'],
  ] as const)('%j -> %s', (c, kind) => {
    expect(decideEntry(c).kind).toBe(kind);
  });
});

describe('step 2: the pay PIN', () => {
  const now = 1_000_000;
  it.each([
    [false, null, false],
    [true, null, true],
    [true, now - 10_000, false],
    [true, now - 29_999, false],
    [true, now - 30_000, true],
    [true, now + 5_000, true],
  ])('needed %s, last skip-parental payment %s -> %s', (pinCheckNeeded, last, expected) => {
    expect(needsPayPin({ pinCheckNeeded, lastSkipPaymentAtMs: last, nowMs: now })).toBe(expected);
  });
});

describe('steps 3, 4, 9: the packet', () => {
  const sub = { state: 'active_renewing' } as Packet['subscription'];
  const brief = (id: number) => ({ id, name: `p${id}`, short: '', is_base: true, price: 100, currency: 'RUB' });
  const p = (o: Partial<Packet>) => ({ is_purchased: false, subscription: null, is_base: false, base: false, packets: [], ...o });
  it.each([
    ['owned by purchase', p({ is_purchased: true }), false, false, 'owned'],
    ['owned by subscription', p({ subscription: sub }), false, false, 'owned'],
    ['owned add-on needs no base', p({ is_purchased: true }), false, false, 'owned'],
    ['bundle', p({ packets: [brief(1), brief(2)] }), false, false, 'bundle'],
    ['add-on without base', p({}), false, false, 'quick_packets'],
    ['add-on with base', p({}), true, false, 'periods'],
    ['add-on, operator allows', p({}), false, true, 'periods'],
    ['base packet', p({ is_base: true }), false, false, 'periods'],
    ['base flag', p({ base: true }), false, false, 'periods'],
  ])('%s', (_, packet, ownsBase, allowWithoutBase, kind) => {
    expect(decidePacket({ packet, ownsBase, allowWithoutBase }).kind).toBe(kind);
  });

  it('queues the packets of a bundle in order', () => {
    expect(decidePacket({ packet: p({ packets: [brief(7), brief(3)] }), ownsBase: false, allowWithoutBase: false })).toEqual({ kind: 'bundle', queue: [7, 3] });
  });
});

describe('step 5: the period', () => {
  const trial = { trial_amount: 100, trial_period_human: { days: 7, months: 0, years: 0 } };
  const one = option({ id: 1 });
  const three = option({ id: 3, months: 3, amount: 80700, period_human: { days: 0, months: 3, years: 0 } });
  it.each([
    ['no options', [], {}, { kind: 'none' }],
    ['one option', [one], {}, { kind: 'buy', option: one, trial: false }],
    ['several options', [one, three], {}, { kind: 'choose' }],
    ['a trial goes straight to buying', [option({ id: 1, ...trial }), three], {}, { kind: 'buy', option: option({ id: 1, ...trial }), trial: true }],
    ['a trial declined', [option({ id: 1, ...trial }), three], { trial: false }, { kind: 'choose' }],
    ['the period asked for', [one, three], { periodId: 3 }, { kind: 'buy', option: three, trial: false }],
    ['an unknown period asked for', [one, three], { periodId: 9 }, { kind: 'choose' }],
  ])('%s', (_, options, asked, expected) => {
    expect(decidePeriod(options as PeriodOption[], asked)).toEqual(expected);
  });
});

describe('step 6: balance or payment', () => {
  it.each([
    [29900, 100000, { kind: 'confirm' }],
    [29900, 29900, { kind: 'confirm' }],
    [29900, 10000, { kind: 'pay', missing: 19900 }],
    [29900, 0, { kind: 'pay', missing: 29900 }],
    [29900, -500, { kind: 'pay', missing: 29900 }],
    [0, 0, { kind: 'confirm' }],
    [0, -500, { kind: 'confirm' }],
  ])('amount %i, balance %i', (amount, balance, expected) => {
    expect(decideBuying(amount, balance)).toEqual(expected);
  });

  it('never pays with the balance itself, and keeps to the allowed pay systems', () => {
    const all = [ps('balance', 'provider_account'), ps('card', 'short_url'), ps('sbp', 'qrcode')];
    expect(usablePaySystems(all).map((p) => p.shortname)).toEqual(['card', 'sbp']);
    expect(usablePaySystems(all, ['sbp']).map((p) => p.shortname)).toEqual(['sbp']);
    expect(usablePaySystems(all, ['gone']).map((p) => p.shortname)).toEqual(['card', 'sbp']);
  });

  it.each([
    [[], undefined, 'none'],
    [[ps('card', 'short_url')], undefined, 'one'],
    [[ps('card', 'short_url'), ps('sbp', 'qrcode')], undefined, 'choose'],
    [[ps('card', 'short_url'), ps('sbp', 'qrcode')], 'sbp', 'one'],
    [[ps('card', 'short_url'), ps('sbp', 'qrcode')], 'gone', 'choose'],
  ] as const)('pick among %j asked %s -> %s', (list, asked, kind) => {
    expect(pickPaySystem([...list], asked).kind).toBe(kind);
  });

  it.each([
    [ps('m', 'phone'), false, false, 'pay_phone_sms'],
    [ps('q', 'qrcode'), false, false, 'pay_qr'],
    [ps('q', 'qrcode_png'), true, false, 'pay_qr'],
    [ps('i', 'info'), true, false, 'info'],
    [ps('c', 'linkedcard'), true, false, 'pay_card'],
    [ps('c', 'linkedcard'), false, false, 'pay_redirect'],
    [ps('c', 'short_url', ['short_url', 'linkedcard']), true, false, 'pay_card'],
    [ps('c', 'short_url'), true, false, 'pay_redirect'],
    [ps('c', 'short_url'), false, false, 'pay_redirect'],
    [ps('f', 'pay_iframe'), false, false, 'pay_redirect'],
    [ps('f', 'pay_iframe'), false, true, 'pay_iframe'],
  ] as const)('%j primary card %s iframe %s -> %s', (p, hasPrimaryCard, iframeEnabled, route) => {
    expect(payRoute(p, { hasPrimaryCard, iframeEnabled })).toBe(route);
  });

  it('opens the gateway by short_url unless the pay system only knows the iframe form', () => {
    expect(redirectForm(ps('c', 'short_url'))).toBe('short_url');
    expect(redirectForm(ps('c', 'linkedcard', ['linkedcard', 'short_url']))).toBe('short_url');
    expect(redirectForm(ps('f', 'pay_iframe'))).toBe('pay_iframe');
    expect(redirectForm(ps('c', 'linkedcard'))).toBe('short_url');
  });
});

describe('refused purchases (spec 8)', () => {
  const err = (status: number, type: string, detail: Record<string, string> = {}) => new ApiError(status, type, 'm', detail);
  it.each([
    ['402 insufficient funds', err(402, 'insufficient_funds', { amount: '19900', currency: 'RUB' }), { kind: 'pay', amount: 19900, currency: 'RUB' }],
    ['400 nofunds', err(400, 'nofunds', { amount: '5000' }), { kind: 'pay', amount: 5000, currency: null }],
    ['402 without an amount', err(402, 'insufficient_funds'), { kind: 'other' }],
    ['no base packet', err(400, 'no_base_packet'), { kind: 'no_base' }],
    ['already subscribed', err(409, 'already_subscribed'), { kind: 'owned' }],
    ['other', err(500, 'internal'), { kind: 'other' }],
    ['not an API error', new Error('x'), { kind: 'other' }],
  ])('%s', (_, e, expected) => {
    expect(classifyPurchaseError(e)).toEqual(expected);
  });

  it.each([
    ['packet', false, 'packet'],
    ['packet', true, 'paused'],
    ['offer', false, 'content'],
    ['refill', false, 'refill'],
    ['card', false, 'card'],
  ] as const)('success of %s (paused %s) -> %s', (purchase, paused, variant) => {
    expect(successVariant({ purchase, paused })).toBe(variant);
  });
});

describe('periods and money', () => {
  it.each([
    [{ days: 0, months: 1, years: 0 }, { unit: 'months', count: 1 }],
    [{ days: 0, months: 3, years: 0 }, { unit: 'months', count: 3 }],
    [{ days: 0, months: 12, years: 0 }, { unit: 'years', count: 1 }],
    [{ days: 0, months: 0, years: 2 }, { unit: 'years', count: 2 }],
    [{ days: 7, months: 0, years: 0 }, { unit: 'days', count: 7 }],
    [{ days: 5, months: 1, years: 0 }, { unit: 'days', count: 35 }],
    [{ days: 0, months: 0, years: 0 }, null],
    [null, null],
  ])('%j reads as %j', (p, expected) => {
    expect(periodParts(p)).toEqual(expected);
  });

  it.each([
    [30, { days: 0, months: 1, years: 0 }],
    [90, { days: 0, months: 3, years: 0 }],
    [365, { days: 0, months: 0, years: 1 }],
    [360, { days: 0, months: 0, years: 1 }],
    [7, { days: 7, months: 0, years: 0 }],
  ])('%i days -> %j', (days, expected) => {
    expect(periodFromDays(days)).toEqual(expected);
  });

  it.each([
    [29900, 29900, 0],
    [26900, 29900, 10],
    [24917, 29900, 17],
    [31000, 29900, 0],
    [100, 0, 0],
  ])('discount of monthly %i against %i is %i %%', (monthly, first, percent) => {
    expect(discountPercent(monthly, first)).toBe(percent);
  });

  it('shows the server discount, else the computed one', () => {
    const first = option({ id: 1 });
    expect(shownDiscount(option({ id: 2, discount: 15 }), first)).toBe(15);
    expect(shownDiscount(option({ id: 3, monthly_amount: 26910 }), first)).toBe(10);
  });

  it('takes a trial only when it is open and has a period', () => {
    expect(hasTrial({ trial_amount: 100, trial_period_human: { days: 7, months: 0, years: 0 } })).toBe(true);
    expect(hasTrial({ trial_amount: 0, trial_period_human: { days: 7, months: 0, years: 0 } })).toBe(true);
    expect(hasTrial({ trial_amount: null, trial_period_human: { days: 7, months: 0, years: 0 } })).toBe(false);
    expect(hasTrial({ trial_amount: 100, trial_period_human: { days: 0, months: 0, years: 0 } })).toBe(false);
    expect(chargeOf({ amount: 29900, trial_amount: 100 }, true)).toBe(100);
    expect(chargeOf({ amount: 29900, trial_amount: 100 }, false)).toBe(29900);
    expect(chargeOf({ amount: 29900, trial_amount: null }, true)).toBe(29900);
  });

  it.each([
    [{ state: 'future', start_at: 10, period_id: 3 }, 3, true],
    [{ state: 'active_renewing', start_at: 2_000, period_id: 3 }, 3, true],
    [{ state: 'active_renewing', start_at: 10, period_id: 1 }, 3, true],
    [{ state: 'active_renewing', start_at: 10, period_id: 3 }, 3, false],
    [{ state: 'active_renewing', start_at: 10, period_id: null }, 3, false],
  ])('period change %j to %i is planned: %s', (s, requested, planned) => {
    expect(isPlannedChange(s, requested, 1_000_000)).toBe(planned);
  });

  it.each([
    ['500', 50000],
    ['500.5', 50050],
    ['500,50', 50050],
    ['1 000', 100000],
    ['0', null],
    ['-5', null],
    ['abc', null],
    ['1.234', null],
    ['', null],
    ['1000001', null],
  ])('top-up %j -> %j', (text, minor) => {
    expect(parseMajorAmount(text)).toBe(minor);
  });

  it('writes a starting amount for the field', () => {
    expect(majorText(50000)).toBe('500');
    expect(majorText(50050)).toBe('500.50');
    expect(majorText(0)).toBe('');
  });
});

describe('transaction polling (spec 4 "Transaction", 9)', () => {
  const now = 2_000_000_000_000;
  const tx = (status: string, kind = 'subscription', createdAt = now / 1000 - 10) =>
    ({ status, kind, created_at: createdAt, status_description: status === 'error' ? 'Declined' : '' }) as never;
  it.each([
    ['complete', tx('complete'), now - 1000, { kind: 'complete' }],
    ['error', tx('error'), now - 1000, { kind: 'error', description: 'Declined' }],
    ['pending', tx('pending'), now - 1000, { kind: 'wait', delayMs: TRANSACTION_POLL_MS }],
    ['created', tx('created'), now - 1000, { kind: 'wait', delayMs: TRANSACTION_POLL_MS }],
    ['polled for 600 s', tx('pending'), now - 600_000, { kind: 'timeout' }],
    ['older than an hour', tx('pending', 'subscription', now / 1000 - 3601), now - 1000, { kind: 'timeout' }],
    ['card link created', tx('created', 'card_link'), now - 1000, { kind: 'wait', delayMs: CARD_LINK_POLL_MS }],
    ['card link pending', tx('pending', 'card_link'), now - 1000, { kind: 'wait', delayMs: CARD_LINK_POLL_PENDING_MS }],
    ['card link after 10 s', tx('pending', 'card_link'), now - 10_000, { kind: 'timeout' }],
  ])('%s', (_, t, startedAtMs, expected) => {
    expect(nextPollStep(t, { startedAtMs, nowMs: now })).toEqual(expected);
  });

  it.each([
    [new ApiError(504, 'http_error', ''), 'retry'],
    [new ApiError(0, 'network', ''), 'retry'],
    [new ApiError(404, 'not_found', ''), 'silent'],
    [new ApiError(500, 'internal', ''), 'fail'],
    [new Error('x'), 'fail'],
  ])('a failed poll %s -> %s', (e, step) => {
    expect(pollFailureStep(e)).toBe(step);
  });

  it('polls a saved transaction only within the hour', () => {
    expect(isSavedTransactionFresh(now - 60_000, now)).toBe(true);
    expect(isSavedTransactionFresh(now - 3_600_001, now)).toBe(false);
    expect(isSavedTransactionFresh(now + 1000, now)).toBe(false);
  });
});

describe('the gateway return', () => {
  it('comes back to this page with purchased=true and the transaction modal, without action=buy', () => {
    expect(returnUrl('https://efir.tv', '/packets/5', '?action=buy&x=1')).toBe('https://efir.tv/packets/5?x=1&purchased=true#pay_transaction');
    expect(returnUrl('https://efir.tv', '/channels/32/perviy', '')).toBe('https://efir.tv/channels/32/perviy?purchased=true#pay_transaction');
  });

  it.each([
    ['?purchased=true', true, ''],
    ['?a=1&purchased=true', true, '?a=1'],
    ['?purchased=1', false, ''],
    ['', false, ''],
  ])('%s', (search, flagged, cleared) => {
    expect(isPurchasedReturn(search)).toBe(flagged);
    expect(withoutPurchased(search)).toBe(cleared);
  });

  it.each([
    ['/packets/5', false, false],
    ['/channel_embed/5', false, true],
    ['/content_embed/film-5', false, true],
    ['/packets/5', true, true],
  ])('%s in a frame %s -> embedded %s', (path, inFrame, embedded) => {
    expect(isEmbedded(path, inFrame)).toBe(embedded);
  });
});
