import { isBasePacket } from '@/features/payments';
import type { Packet, PacketSubscription, PeriodHuman } from '@/features/payments';

// How the operator's offer is shown (spec 2 "Packet detail", "Provider landing"): packets
// grouped as base packets, add-ons and bundles, the price line, the trial, the viewer's
// state, and the short channel list.

export const isBundle = (p: Pick<Packet, 'packets' | 'bundle'>) => p.packets.length > 0 || p.bundle !== null;

export type PacketKind = 'base' | 'addon' | 'bundle';

export function packetKind(p: Pick<Packet, 'packets' | 'bundle' | 'is_base' | 'base'>): PacketKind {
  if (isBundle(p)) return 'bundle';
  return isBasePacket(p) ? 'base' : 'addon';
}

/**
 * The list in three groups, each in the server's order (base packets come first there).
 * The free packet is everybody's already: there is nothing to buy, so it is not offered.
 */
export function groupPackets<P extends Pick<Packet, 'packets' | 'bundle' | 'is_base' | 'base'> & { is_free?: boolean }>(list: P[]): Record<PacketKind, P[]> {
  const out: Record<PacketKind, P[]> = { base: [], addon: [], bundle: [] };
  for (const p of list) if (!p.is_free) out[packetKind(p)].push(p);
  return out;
}

/** Spec 2: the channels show as a short list when there are 31 or fewer; else the first ones and 'show all'. */
export const CHANNELS_SHORT_LIST = 31;
export const CHANNELS_PREVIEW = 24;

export function channelsPreview<C>(channels: C[], total: number = channels.length): { shown: C[]; hidden: number } {
  const count = Math.max(total, channels.length);
  if (count <= CHANNELS_SHORT_LIST) return { shown: channels, hidden: 0 };
  const shown = channels.slice(0, CHANNELS_PREVIEW);
  return { shown, hidden: count - shown.length };
}

/** The price of the shortest period as it is sold (its whole price, in the operator's currency). */
export function priceLine(p: Pick<Packet, 'total_price' | 'price' | 'currency' | 'period_human'>): { amount: number; currency: string; period: PeriodHuman } {
  return { amount: p.total_price || p.price, currency: p.currency, period: p.period_human };
}

/** Spec 5: a trial is shown only when it is open to the viewer and its period is not empty. */
export function trialOf(p: Pick<Packet, 'is_trial' | 'is_used_trial' | 'trial_period' | 'trial_price' | 'trial_period_human'>): { amount: number; period: PeriodHuman | null } | null {
  if (!p.is_trial || p.is_used_trial || p.trial_period <= 0) return null;
  return { amount: p.trial_price ?? 0, period: p.trial_period_human };
}

export type HeldState = 'none' | PacketSubscription['state'];

/** The viewer's state of a packet: none, or the subscription's state (a purchase without one counts as active). */
export function heldState(p: Pick<Packet, 'subscription' | 'is_purchased'>): HeldState {
  if (p.subscription) return p.subscription.state;
  return p.is_purchased ? 'active' : 'none';
}

export type PacketButton = 'disable' | 'change' | 'renew' | 'disable_future' | 'enable_subscription';

/**
 * Spec 4 "User packet state and buttons": paused (deletable) -> disable; renewing ->
 * change when the period may change, and disable; active without renewal -> renew;
 * future -> disable future; none -> enable_subscription. Promo packets and child profiles
 * get none. The server's action flags gate each.
 */
export function userPacketButtons(s: PacketSubscription | null, c: { isChild: boolean; canBuy: boolean }): PacketButton[] {
  if (c.isChild) return [];
  if (!s) return c.canBuy ? ['enable_subscription'] : [];
  const a = s.actions;
  switch (s.state) {
    case 'promo':
      return [];
    case 'future':
      return ['disable_future'];
    case 'paused':
      return a.can_disable_renew || a.can_unsubscribe ? ['disable'] : [];
    case 'active':
      return a.can_enable_renew ? ['renew'] : [];
    case 'active_renewing': {
      const out: PacketButton[] = [];
      if (a.can_change_period) out.push('change');
      if (a.can_disable_renew || a.can_unsubscribe) out.push('disable');
      return out;
    }
  }
}

/** A packet's address: the id forms of spec 2 are the server's; links use the plain id. */
export const packetPath = (id: number | string) => `/packets/${id}`;
