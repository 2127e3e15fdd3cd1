import type { Packet, SubscriptionActions, UserPacket, UserPacketState } from '../types';

// Spec 4 "User packet state and buttons": which button a subscription shows, decided from
// its state and the server's action flags only, so the list and its tests agree.

export type SubscriptionButton = 'disable' | 'change' | 'renew' | 'disable_future' | 'enable_subscription';

export interface ButtonInput {
  /** 'none': the packet has no subscription (a packet page asks the same question). */
  state: UserPacketState | 'none';
  type?: UserPacket['type'];
  actions: SubscriptionActions;
  /** The packet has period options to choose from. */
  hasPurchases: boolean;
  /** Paused subscriptions the viewer may delete (allow_delete_paused). */
  allowDeletePaused: boolean;
  /** A packet inside another one the viewer holds (a bundle's member). */
  isChildPacket: boolean;
  isChildProfile: boolean;
}

export function subscriptionButton(s: ButtonInput): SubscriptionButton | null {
  // Promo and bundle-member packets are managed through what gave them; children manage nothing.
  if (s.isChildProfile || s.isChildPacket || s.state === 'promo' || s.type === 'promo') return null;
  if (s.state === 'none') return 'enable_subscription';
  if (s.state === 'future') return 'disable_future';
  if (s.state === 'paused') return s.allowDeletePaused ? 'disable' : null;
  const { can_change_period, can_disable_renew, can_enable_renew, can_unsubscribe } = s.actions;
  if (s.state === 'active_renewing' && !s.hasPurchases) return can_disable_renew || can_unsubscribe ? 'disable' : null;
  // The period screen (#subscription) also switches renewal on and off.
  if (s.hasPurchases && (can_change_period || can_disable_renew || can_enable_renew || can_unsubscribe)) return 'change';
  if (s.state === 'active') return can_enable_renew ? 'renew' : null;
  return null;
}

/**
 * The held packets that belong to another packet: members of a bundle (parent_name set)
 * and packets another held packet includes or bundles.
 */
export function childPacketIds(heldPacketIds: readonly number[], packets: readonly Pick<Packet, 'id' | 'parent_name' | 'include' | 'packets'>[]): Set<number> {
  const held = new Set(heldPacketIds);
  const out = new Set<number>();
  for (const p of packets) {
    if (held.has(p.id) && p.parent_name.trim() !== '') out.add(p.id);
    if (!held.has(p.id)) continue;
    for (const inner of [...p.include, ...p.packets.map((b) => b.id)]) {
      if (inner !== p.id && held.has(inner)) out.add(inner);
    }
  }
  return out;
}
