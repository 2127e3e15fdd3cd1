import type { Packet, PaySystem, PeriodOption, Transaction, UserPacket } from './types';

// Test-only wire objects of the commerce calls, complete per the contract, with overrides.

const month = { days: 0, months: 1, years: 0 };

export function packetFixture(o: Partial<Packet> = {}): Packet {
  return {
    id: 5,
    name: 'Basic',
    short: 'basic',
    description: 'The main channels.',
    price: 29900,
    currency: 'RUB',
    period: 30,
    period_human: month,
    total_price: 29900,
    trial_price: null,
    trial_period: 0,
    trial_period_human: null,
    is_trial: false,
    is_used_trial: false,
    is_paused: false,
    is_base: true,
    base: true,
    is_free: false,
    is_promo: false,
    is_adult: false,
    channels_count: 2,
    design: { background_mobile: '', background_tv: '', logo: '', corner_badge: '', special_features: [], color: '#336699' },
    packets: [],
    parent_name: '',
    benefits: [],
    channels: [],
    libraries: [],
    videos: [],
    include: [],
    available: [],
    agreement: '',
    after_renew_packet_id: null,
    bundle: null,
    subscription: null,
    user_purchase: null,
    next_user_purchase: null,
    is_purchased: false,
    provider: 'demo',
    ...o,
  };
}

export function periodFixture(o: Partial<PeriodOption> & { id: number }): PeriodOption {
  return {
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
    is_have_money_on_balance: true,
    is_current: false,
    ...o,
  };
}

export function paySystemFixture(shortname: string, kind: PaySystem['kind'], o: Partial<PaySystem> = {}): PaySystem {
  return {
    shortname,
    kind,
    title: `Pay by ${shortname}`,
    how_to_use: '',
    how_to_use_packet: '',
    button_text: '',
    skip_parental_control: false,
    payforms: [kind],
    is_test: true,
    ...o,
  };
}

export function transactionFixture(o: Partial<Transaction> = {}): Transaction {
  return {
    id: 77,
    transaction_id: 'gw-77',
    status: 'created',
    kind: 'subscription',
    amount: 19900,
    currency: 'RUB',
    status_description: '',
    full_url: '/pay/sandbox/77',
    qrcode_url: '',
    qr_payload: '',
    paysystem: 'card',
    packet_id: 5,
    offer_id: null,
    created_at: Math.floor(Date.now() / 1000),
    skip_parental_control: false,
    is_test: true,
    ...o,
  };
}

export function userPacketFixture(o: Partial<UserPacket> = {}): UserPacket {
  return {
    id: 40,
    packet: { id: 5, name: 'Basic', short: 'basic', is_base: true, price: 29900, currency: 'RUB' },
    base: true,
    renew: true,
    start_at: Math.floor(Date.now() / 1000) - 10,
    end_at: Math.floor(Date.now() / 1000) + 30 * 86400,
    next_pay_at: Math.floor(Date.now() / 1000) + 30 * 86400,
    next_price: 29900,
    is_paused: false,
    message: '',
    allow_delete_paused: false,
    type: 'paid',
    state: 'active_renewing',
    period_id: 11,
    period_human: month,
    actions: { can_subscribe: false, can_disable_renew: true, can_change_period: true, can_unsubscribe: true, can_enable_renew: false },
    ...o,
  };
}

export const account = (o: { balance?: number; allowed?: boolean } = {}) => [
  { id: 1, balance: o.balance ?? 100000, amount: o.balance ?? 100000, currency: 'RUB', is_payment_allowed: o.allowed ?? true },
];
