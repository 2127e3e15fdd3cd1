import type { LedgerEntry, PacketRow, StaffTransaction, SubscriberCard, SubscriberRow, Subscription } from '../api/types';

// A subscriber card and its lists as the server sends them, for the card's tests.

export const subscriberRow = (o: Partial<SubscriberRow> = {}): SubscriberRow => ({
  id: 42,
  username: 'ivan42',
  phone: '79161234567',
  email: 'ivan@example.com',
  first_name: 'Ivan',
  created_at: '2025-11-02T08:00:00Z',
  blocked: false,
  ...o,
});

export const subscription = (o: Partial<Subscription> = {}): Subscription => ({
  id: 9,
  packet_id: 5,
  packet_name: 'Basic',
  type: 'paid',
  start_at: 1_767_225_600,
  end_at: 1_769_904_000,
  renew: true,
  state: 'active',
  resume_at: 0,
  ...o,
});

export const subscriberCard = (o: Partial<SubscriberCard> = {}): SubscriberCard => ({
  subscriber: subscriberRow(),
  profiles: [
    { id: 1, name: 'Ivan', role: 'adult' },
    { id: 2, name: 'Masha', role: 'child' },
  ],
  devices: [
    { id: 7, serial: 'web-5f2c', device_type: 'pc', created_at: '2025-11-02T08:00:00Z' },
    { id: 8, serial: 'tv-0a91', device_type: 'tv', created_at: '2025-12-01T08:00:00Z' },
  ],
  subscriptions: [
    subscription(),
    subscription({ id: 10, packet_id: 6, packet_name: 'Kino', type: 'trial', end_at: 1_767_830_400, renew: false, state: 'closed' }),
  ],
  account: { balance: 123450, currency: 'RUB' },
  ...o,
});

export const ledgerEntry = (o: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: 501,
  kind: 'topup',
  amount: 50000,
  currency: 'RUB',
  balance_after: 123450,
  description: 'Card top-up',
  created_at: 1_767_225_600,
  ...o,
});

export const transaction = (o: Partial<StaffTransaction> = {}): StaffTransaction => ({
  id: 77,
  kind: 'refill',
  status: 'complete',
  amount: 1000,
  refunded: 250,
  currency: 'RUB',
  paysystem: 'Bank card',
  gateway: 'fakepay',
  packet_name: '',
  status_description: '',
  created_at: '2026-01-05T10:00:00Z',
  ...o,
});

export const packetRow = (o: Partial<PacketRow> = {}): PacketRow => ({
  id: 5,
  name: 'Basic',
  short: 'basic',
  is_base: true,
  is_free: false,
  is_hidden: false,
  is_bundle: false,
  price: 29900,
  currency: 'RUB',
  ...o,
});

/** Every read of the card page answered: the card, its ledger and payments, the packets. */
export function cardRoutes(card: SubscriberCard = subscriberCard(), extra: { ledger?: LedgerEntry[]; transactions?: StaffTransaction[]; packets?: PacketRow[] } = {}) {
  return {
    'GET /v2/operator/subscribers/42': () => ({ body: card }),
    'GET /v2/operator/subscribers/42/ledger': () => ({ body: extra.ledger ?? [ledgerEntry(), ledgerEntry({ id: 500, kind: 'charge', amount: -29900, balance_after: 73450, description: 'Basic, a month' })] }),
    'GET /v2/operator/subscribers/42/transactions': () => ({ body: extra.transactions ?? [transaction()] }),
    'GET /v2/operator/packets': () => ({
      body: extra.packets ?? [packetRow(), packetRow({ id: 6, name: 'Kino', short: 'kino', is_base: false }), packetRow({ id: 1, name: 'Free TV', is_free: true, price: 0 }), packetRow({ id: 12, name: 'Staff test', is_hidden: true })],
    }),
  };
}
