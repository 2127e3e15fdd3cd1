import { describe, expect, it } from 'vitest';
import type { SubscriptionActions } from '../types';
import { childPacketIds, subscriptionButton, type ButtonInput } from './subscriptionButton';

const none: SubscriptionActions = { can_subscribe: false, can_disable_renew: false, can_change_period: false, can_unsubscribe: false, can_enable_renew: false };
const all: SubscriptionActions = { can_subscribe: true, can_disable_renew: true, can_change_period: true, can_unsubscribe: true, can_enable_renew: true };

const base: ButtonInput = {
  state: 'active_renewing',
  type: 'paid',
  actions: all,
  hasPurchases: false,
  allowDeletePaused: false,
  isChildPacket: false,
  isChildProfile: false,
};

describe('subscriptionButton', () => {
  it.each<[string, Partial<ButtonInput>, ReturnType<typeof subscriptionButton>]>([
    ['paused and deletable: disable', { state: 'paused', allowDeletePaused: true }, 'disable'],
    ['paused, not deletable: nothing', { state: 'paused', allowDeletePaused: false }, null],
    ['renewing without purchases: disable', { state: 'active_renewing', hasPurchases: false }, 'disable'],
    ['renewing without purchases, server forbids: nothing', { state: 'active_renewing', actions: none }, null],
    ['renewing with purchases and actions: change', { state: 'active_renewing', hasPurchases: true }, 'change'],
    ['renewing with purchases, no actions: nothing', { state: 'active_renewing', hasPurchases: true, actions: none }, null],
    ['active with purchases and actions: change', { state: 'active', hasPurchases: true }, 'change'],
    ['active, not renewing: renew', { state: 'active', hasPurchases: false }, 'renew'],
    ['active, renewal not allowed: nothing', { state: 'active', actions: { ...none, can_change_period: true } }, null],
    ['future: disable future', { state: 'future' }, 'disable_future'],
    ['no subscription: enable', { state: 'none', actions: none }, 'enable_subscription'],
    ['promo state: nothing', { state: 'promo', hasPurchases: true }, null],
    ['promo type: nothing', { state: 'active', type: 'promo', hasPurchases: true }, null],
    ['bundle member: nothing', { state: 'active_renewing', isChildPacket: true }, null],
    ['child profile: nothing', { state: 'active', isChildProfile: true }, null],
    ['child profile, future: nothing', { state: 'future', isChildProfile: true }, null],
  ])('%s', (_name, over, expected) => {
    expect(subscriptionButton({ ...base, ...over })).toBe(expected);
  });
});

describe('childPacketIds', () => {
  const packet = (id: number, over: { parent_name?: string; include?: number[]; packets?: number[] } = {}) => ({
    id,
    parent_name: over.parent_name ?? '',
    include: over.include ?? [],
    packets: (over.packets ?? []).map((p) => ({ id: p, name: '', short: '', is_base: false, price: 0, currency: 'RUB' })),
  });

  it('marks bundle members and included packets the viewer holds', () => {
    const packets = [packet(1, { packets: [2, 3] }), packet(2), packet(3), packet(4, { parent_name: 'Big' }), packet(5, { include: [6] }), packet(6), packet(7)];
    expect([...childPacketIds([1, 2, 4, 6, 7], packets)].sort()).toEqual([2, 4]);
    expect([...childPacketIds([5, 6], packets)]).toEqual([6]);
  });

  it('ignores packets the viewer does not hold', () => {
    expect(childPacketIds([2], [packet(1, { packets: [2] }), packet(2)]).size).toBe(0);
  });
});
