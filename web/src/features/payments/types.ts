import type { components } from '@/shared/api/schema';

// Wire types of the commerce calls (api/openapi.yaml "commerce schemas"), named after the
// spec's entities (section 3: Packet, User packet, Period option, Offer, Transaction, Pay
// system, Card).

type S = components['schemas'];

export type Packet = S['Packet'];
export type PacketBrief = S['PacketBrief'];
export type PacketSubscription = NonNullable<Packet['subscription']>;
export type SubscriptionActions = S['SubscriptionActions'];
export type PeriodHuman = S['PeriodHuman'];
export type PeriodOption = S['PeriodOption'];
export type UserPacket = S['UserPacket'];
export type ContentOffer = S['ContentOffer'];
export type Licence = S['Licence'];
export type PaySystem = S['PaySystem'];
export type PaySystemKind = PaySystem['kind'];
export type PayRequest = S['PayRequest'];
export type Transaction = S['Transaction'];
export type TransactionStatus = Transaction['status'];
export type Card = S['Card'];
export type SubscribeRequest = S['SubscribeRequest'];

/** The forms of POST /users/self/accounts/{id}/payforms/{form}. */
export type PayForm = 'short_url' | 'pay_iframe' | 'linkedcard' | 'phone' | 'confirm_by_sms' | 'qrcode' | 'qrcode_png';

/**
 * What is being bought, as modal data carries it (plain data: it travels in the history
 * state). A packet purchase may hold a queue of packets to subscribe next (a bundle's
 * packets, or the add-on waiting for the base packet picked in quick_packets) and the
 * content to play once bought (the start-after-buy content).
 */
export type Purchase =
  | {
      kind: 'packet';
      packetId: number;
      name: string;
      periodId?: number;
      trial?: boolean;
      queue?: number[];
      playAfter?: number;
    }
  | { kind: 'offer'; offerId: number; name: string; contentId?: number }
  | { kind: 'refill' };

/** A payment to make through a pay system: what for, how much is missing, in which currency. */
export interface PaymentStep {
  purchase: Purchase;
  amount: number;
  currency: string;
  /** The pay systems the purchase may use (shortnames; empty: any). */
  allowed?: string[];
  /** A pay system asked for by name (skip the choice). */
  paysystem?: string;
}
