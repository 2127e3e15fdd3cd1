import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import type { PromoData } from '../types';
import { promoFailure, promoGift, stepAfterCheck, stepOnSubmit } from './promoFlow';
import { canSubmitPromo, normalisePromoKey, promoKeyProblem } from './promoKey';
import { isPromoPath, registerPrompt } from './promoPages';

describe('promo key', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['EFIR30', null],
    [' EFIR30 ', null],
    ['A'.repeat(15), null],
    ['A'.repeat(16), 'tooLong'],
  ])('%j -> %s', (raw, problem) => {
    expect(promoKeyProblem(raw)).toBe(problem);
  });

  it('trims a pasted code', () => {
    expect(normalisePromoKey('  KINO7\n')).toBe('KINO7');
  });

  it.each([
    ['', false, false],
    ['EFIR30', false, true],
    ['EFIR30', true, false],
  ])('submit for %j while busy=%s: %s', (raw, busy, ok) => {
    expect(canSubmitPromo(raw, busy)).toBe(ok);
  });
});

describe('promo flow steps', () => {
  it.each([
    [{ is_paid: false, is_need_confirm: false }, false, 'apply'],
    [{ is_paid: false, is_need_confirm: true }, false, 'confirm'],
    [{ is_paid: true, is_need_confirm: true }, false, 'card'],
    [{ is_paid: true, is_need_confirm: true }, true, 'confirm'],
    [{ is_paid: true, is_need_confirm: false }, true, 'apply'],
  ] as const)('after check %j with card=%s: %s', (promo, hasCard, step) => {
    expect(stepAfterCheck(promo, hasCard)).toBe(step);
  });

  it('sends guests to sign in before any call', () => {
    expect(stepOnSubmit(false)).toBe('login');
    expect(stepOnSubmit(true)).toBe('check');
  });

  it.each([
    [new ApiError(400, 'promo_invalid', 'The code is used up'), { step: 'enter', message: 'The code is used up', reason: 'invalid' }],
    [new ApiError(404, 'not_found', 'Unknown code'), { step: 'enter', message: 'Unknown code', reason: 'invalid' }],
    [new ApiError(404, 'not_found', ''), { step: 'enter', message: null, reason: 'invalid' }],
    [new ApiError(429, 'rate_limited', ''), { step: 'enter', message: null, reason: 'rateLimited' }],
    [new ApiError(400, 'card_required', 'Link a card'), { step: 'card' }],
    [new ApiError(0, 'network', 'offline'), { step: 'enter', message: 'offline', reason: 'other' }],
    [new Error('boom'), { step: 'enter', message: null, reason: 'other' }],
  ])('failure %#', (e, outcome) => {
    expect(promoFailure(e)).toEqual(outcome);
  });
});

describe('promoGift', () => {
  const base: PromoData = {
    key: 'X',
    amount: 0,
    currency: 'RUB',
    days: 0,
    ott_days: 0,
    packet_ids: [],
    ott_packet_ids: [],
    packets: [
      { id: 1, name: 'Base', short: 'base', is_base: true, price: 29900, currency: 'RUB' },
      { id: 2, name: 'Cinema', short: 'kino', is_base: false, price: 19900, currency: 'RUB' },
    ],
    is_paid: false,
    needed_refund: false,
    confirmation_title: '',
    confirmation_text: '',
    confirmation_desc: '',
    is_need_confirm: false,
    description: '',
  };

  it('tells days of which packets and money on the balance', () => {
    expect(promoGift({ ...base, days: 30, packet_ids: [1] })).toEqual([{ kind: 'days', days: 30, packets: ['Base'] }]);
    expect(promoGift({ ...base, days: 7, ott_days: 14, packet_ids: [1], ott_packet_ids: [2] })).toEqual([
      { kind: 'days', days: 7, packets: ['Base'] },
      { kind: 'days', days: 14, packets: ['Cinema'] },
    ]);
    expect(promoGift({ ...base, days: 7 })).toEqual([{ kind: 'days', days: 7, packets: ['Base', 'Cinema'] }]);
    expect(promoGift({ ...base, amount: 50000, packets: [] })).toEqual([{ kind: 'amount', amount: 50000, currency: 'RUB' }]);
    expect(promoGift(base)).toEqual([]);
  });
});

describe('promo pages', () => {
  it.each([
    ['/promocode', true],
    ['/vk_promo', true],
    ['/Promo2026/landing', true],
    ['/promo', false],
    ['/promo/EFIR30', false],
    ['/', false],
    ['/channels/promo-tv', false],
    ['/contents/promo-film-5', false],
  ])('%s opens the dialog: %s', (path, yes) => {
    expect(isPromoPath(path)).toBe(yes);
  });

  it.each([
    [{ promo_days: 7, is_have_purchases: false }, false, { days: 7 }],
    [{ promo_days: 90, is_have_purchases: false }, false, { days: 90 }],
    [{ promo_days: 91, is_have_purchases: false }, false, { days: null }],
    [{ promo_days: 0, is_have_purchases: false }, false, null],
    [{ promo_days: 7, is_have_purchases: true }, false, null],
    [{ promo_days: 7, is_have_purchases: false }, true, null],
    [undefined, false, null],
  ])('register prompt for %j, logged=%s', (network, isLogged, expected) => {
    expect(registerPrompt(network, isLogged)).toEqual(expected);
  });
});
