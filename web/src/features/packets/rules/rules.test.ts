import { describe, expect, it } from 'vitest';
import type { Packet, PacketSubscription } from '@/features/payments';
import { designStyle, safeColor, safeImage } from './design';
import { CHANNELS_PREVIEW, channelsPreview, groupPackets, heldState, packetKind, priceLine, trialOf, userPacketButtons } from './packets';

const actions = (o: Partial<PacketSubscription['actions']> = {}) => ({
  can_subscribe: false,
  can_disable_renew: false,
  can_change_period: false,
  can_unsubscribe: false,
  can_enable_renew: false,
  ...o,
});
const sub = (state: PacketSubscription['state'], a: Partial<PacketSubscription['actions']> = {}): PacketSubscription => ({
  id: 1,
  state,
  start_at: 0,
  end_at: 0,
  next_pay_at: null,
  next_price: null,
  next_period_human: null,
  renew: state === 'active_renewing',
  actions: actions(a),
});

describe('packet groups', () => {
  const brief = { id: 9, name: '', short: '', is_base: true, price: 0, currency: 'RUB' };
  const p = (id: number, o: Partial<Packet>) => ({ id, packets: [], bundle: null, is_base: false, base: false, ...o }) as Packet;
  it.each([
    [{ is_base: true }, 'base'],
    [{ base: true }, 'base'],
    [{}, 'addon'],
    [{ packets: [brief] }, 'bundle'],
    [{ is_base: true, bundle: { id: 1, custom_name: '', custom_price: 0, custom_description: '', internet_speed: 0 } }, 'bundle'],
  ])('%j is a %s', (o, kind) => {
    expect(packetKind(p(1, o))).toBe(kind);
  });

  it('keeps the server order inside each group', () => {
    const g = groupPackets([p(1, { is_base: true }), p(2, {}), p(3, { is_base: true }), p(4, { packets: [brief] })]);
    expect([g.base, g.addon, g.bundle].map((l) => l.map((x) => x.id))).toEqual([[1, 3], [2], [4]]);
  });

  it('does not offer the free packet (everybody has it)', () => {
    const g = groupPackets([p(1, { is_base: true }), p(2, { is_free: true }), p(3, {})]);
    expect([g.base, g.addon, g.bundle].map((l) => l.map((x) => x.id))).toEqual([[1], [3], []]);
  });
});

describe('channel list (31 or fewer: all)', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i);
  it.each([
    [0, 0, 0, 0],
    [31, 31, 31, 0],
    [32, 32, CHANNELS_PREVIEW, 32 - CHANNELS_PREVIEW],
    [31, 140, CHANNELS_PREVIEW, 140 - CHANNELS_PREVIEW],
    [200, 200, CHANNELS_PREVIEW, 200 - CHANNELS_PREVIEW],
  ])('%i channels of %i: %i shown, %i behind show all', (n, total, shown, hidden) => {
    const r = channelsPreview(list(n), total);
    expect(r.shown.length).toBe(shown);
    expect(r.hidden).toBe(hidden);
  });
});

describe('price, trial, state', () => {
  it('shows the shortest period as sold', () => {
    expect(priceLine({ total_price: 29900, price: 29900, currency: 'RUB', period_human: { days: 0, months: 1, years: 0 } }).amount).toBe(29900);
    expect(priceLine({ total_price: 0, price: 19900, currency: 'RUB', period_human: { days: 0, months: 1, years: 0 } }).amount).toBe(19900);
  });

  const trial = { is_trial: true, is_used_trial: false, trial_period: 7, trial_price: 100, trial_period_human: { days: 7, months: 0, years: 0 } };
  it.each([
    [trial, true],
    [{ ...trial, is_trial: false }, false],
    [{ ...trial, is_used_trial: true }, false],
    [{ ...trial, trial_period: 0 }, false],
  ])('trial %j shown: %s', (p, shown) => {
    expect(trialOf(p) !== null).toBe(shown);
  });

  it.each([
    [{ subscription: null, is_purchased: false }, 'none'],
    [{ subscription: null, is_purchased: true }, 'active'],
    [{ subscription: sub('paused'), is_purchased: true }, 'paused'],
    [{ subscription: sub('future'), is_purchased: false }, 'future'],
  ])('%j -> %s', (p, state) => {
    expect(heldState(p)).toBe(state);
  });
});

describe('user packet state and buttons (spec 4)', () => {
  const adult = { isChild: false, canBuy: true };
  it.each([
    ['none', null, adult, ['enable_subscription']],
    ['none, buying off', null, { isChild: false, canBuy: false }, []],
    ['renewing, period may change', sub('active_renewing', { can_change_period: true, can_disable_renew: true }), adult, ['change', 'disable']],
    ['renewing, no purchases', sub('active_renewing', { can_disable_renew: true }), adult, ['disable']],
    ['renewing, nothing allowed', sub('active_renewing'), adult, []],
    ['active, not renewing', sub('active', { can_enable_renew: true }), adult, ['renew']],
    ['paused, deletable', sub('paused', { can_unsubscribe: true }), adult, ['disable']],
    ['paused, not deletable', sub('paused'), adult, []],
    ['future', sub('future'), adult, ['disable_future']],
    ['promo', sub('promo', { can_disable_renew: true }), adult, []],
    ['child profile', sub('active_renewing', { can_disable_renew: true }), { isChild: true, canBuy: true }, []],
    ['child profile, none', null, { isChild: true, canBuy: true }, []],
  ] as const)('%s', (_, s, c, buttons) => {
    expect(userPacketButtons(s, c)).toEqual(buttons);
  });
});

describe('design', () => {
  it.each([
    ['#ff5a36', '#ff5a36'],
    ['rgb(10, 20, 30)', 'rgb(10, 20, 30)'],
    ['red; background: url(x)', null],
    ['', null],
  ])('colour %j -> %j', (c, out) => {
    expect(safeColor(c)).toBe(out);
  });

  it.each([
    ['https://cdn.example/a.png', 'https://cdn.example/a.png'],
    ['/v2/artwork/packets/a.png', '/v2/artwork/packets/a.png'],
    ['javascript:alert(1)', null],
    ['https://x/a.png") ; color: red', null],
  ])('image %j -> %j', (u, out) => {
    expect(safeImage(u)).toBe(out);
  });

  it('makes the custom properties of a card', () => {
    expect(designStyle({ color: '#123456', background_tv: '/tv.png', background_mobile: '' })).toEqual({
      '--packet-color': '#123456',
      '--packet-bg-tv': 'url("/tv.png")',
      '--packet-bg-mobile': 'url("/tv.png")',
    });
    expect(designStyle(null)).toEqual({});
  });
});
