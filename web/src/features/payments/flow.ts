import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { PIN_CANCELLED } from '@/features/parental';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { ModalName } from '@/shared/lib/modalNavigation';
import type { LoginState } from '@/shared/session';
import type { AlertKind } from '@/shared/ui';
import {
  accountsQuery,
  balanceQuery,
  cardsQuery,
  newIdempotencyKey,
  offersQuery,
  packetQuery,
  payformsQuery,
  periodsQuery,
  purchaseOffer,
  subscribe,
  subscriptionsQuery,
} from './api';
import { chargeOf } from './rules/periods';
import {
  classifyPurchaseError,
  decideBuying,
  decideEntry,
  decidePacket,
  decidePeriod,
  isBasePacket,
  needsPayPin,
  payRoute,
  pickPaySystem,
  redirectForm,
  usablePaySystems,
  type SuccessVariant,
} from './rules/purchase';
import { clearPendingPayment, lastSkipParentalAt, rememberSkipParental, saveChosen } from './storage';
import type { Card, PaymentStep, PaySystem, PeriodHuman, PeriodOption, Purchase, Transaction } from './types';

// The purchase flow of spec 4 "Purchase flow" as a small state machine: each step asks a
// pure rule (rules/purchase.ts) and then opens the next modal or makes the call. The
// modals carry the purchase in their data and call back into these steps, so the flow
// goes on whichever screen started it. The React side (useFlow.ts) supplies the deps.

export type PacketPurchase = Extract<Purchase, { kind: 'packet' }>;
export type OfferPurchase = Extract<Purchase, { kind: 'offer' }>;

export interface FlowDeps {
  client: QueryClient;
  token: string | null;
  viewer: LoginState;
  t: TFunction;
  open(name: ModalName, data?: unknown): void;
  close(): void;
  /** Plays the start-after-buy content. */
  play(contentId: number): void;
  alert(text: string, kind?: AlertKind): void;
  /** Opens an address of this site in a new window (embedded pages). */
  openWindow(url: string): void;
  /** Leaves for the gateway's page. */
  goTo(url: string): void;
  /** Runs a call protected by the pay PIN (asks and retries on parental_code_required). */
  protectedCall<T>(call: (code?: string) => Promise<T>): Promise<T | typeof PIN_CANCELLED>;
  askPayPin(): Promise<boolean>;
  /** Whether this viewer's device protects the pay action now (PIN set, no pass). */
  payPinNeeded(): Promise<boolean>;
  settings: { paymentEnabled: boolean; allowWithoutBase: boolean; embedded: boolean; iframeEnabled: boolean };
  /** The page the flow runs on (for the gateway's return address). */
  here(): { origin: string; pathname: string; search: string };
}

/** Data of the confirm modal. */
export type ConfirmData =
  | { kind: 'not_allowed' }
  | { kind: 'owned'; purchase: Purchase }
  | { kind: 'subscribe'; purchase: PacketPurchase; amount: number; currency: string; period: PeriodHuman | null; trial: boolean; balance: number }
  | { kind: 'offer'; purchase: OfferPurchase; amount: number | null; currency: string | null; balance: number }
  | { kind: 'disable_renew'; subscriptionId: number; name: string; endAt: number }
  | { kind: 'cancel_future'; subscriptionId: number; name: string };

/** Data of quick_packets: the add-on waiting for a base packet. */
export interface QuickPacketsData {
  addonId: number;
  addonName: string;
  purchase: PacketPurchase;
}

/** Data of the pay modals: the payment and the pay system chosen for it. */
export interface PayModalData extends PaymentStep {
  paysystem: string;
  title: string;
  isTest: boolean;
  form?: 'short_url' | 'pay_iframe' | 'qrcode' | 'qrcode_png';
  card?: Card;
}

const fresh = { staleTime: 0 } as const;

/** Where an embedded page sends the viewer to buy (a new window of the full site). */
export function purchaseAddress(p: Purchase): string {
  if (p.kind === 'packet') return `/packets/${p.packetId}?action=buy`;
  if (p.kind === 'offer' && p.contentId) return `/contents/${p.contentId}`;
  return '/packets';
}

async function accountOf(d: FlowDeps) {
  const accounts = await d.client.fetchQuery({ ...accountsQuery(d.token), ...fresh });
  return accounts[0] ?? null;
}

export async function accountIdOf(d: FlowDeps): Promise<number> {
  const account = await accountOf(d);
  if (!account) throw new Error('no account');
  return account.id;
}

/** Step 1: new window, sign-in first, payments off, account not allowed to pay, or go on. */
async function passEntry(d: FlowDeps, purchase: Purchase): Promise<boolean> {
  let paymentAllowed: boolean | undefined;
  if (d.viewer === 'logged' && !d.settings.embedded && d.settings.paymentEnabled) {
    paymentAllowed = (await accountOf(d))?.is_payment_allowed ?? false;
  }
  const entry = decideEntry({ embedded: d.settings.embedded, viewer: d.viewer, paymentEnabled: d.settings.paymentEnabled, paymentAllowed });
  switch (entry.kind) {
    case 'new_window':
      d.openWindow(purchaseAddress(purchase));
      return false;
    case 'auth':
      saveChosen(purchase);
      d.open('auth');
      return false;
    case 'disabled':
      d.open('message', { title: d.t('payments.disabledTitle'), text: d.t('payments.disabledText') });
      return false;
    case 'not_allowed':
      d.open('confirm', { kind: 'not_allowed' } satisfies ConfirmData);
      return false;
    case 'go':
      return true;
  }
}

/** Step 2: the parental check for the pay action. */
async function passPayPin(d: FlowDeps): Promise<boolean> {
  const pinCheckNeeded = await d.payPinNeeded();
  if (!needsPayPin({ pinCheckNeeded, lastSkipPaymentAtMs: lastSkipParentalAt(), nowMs: Date.now() })) return true;
  return d.askPayPin();
}

/** Runs a step; a failure the flow does not handle itself shows the general error. */
async function guarded(d: FlowDeps, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (e) {
    d.alert(errorMessage(d.t, e), 'error');
  }
}

/** The whole flow from the start: a packet, or a film's offer. */
export function startPurchase(d: FlowDeps, purchase: Purchase): Promise<void> {
  return guarded(d, async () => {
    if (purchase.kind === 'refill') {
      d.open('refill');
      return;
    }
    if (!(await passEntry(d, purchase))) return;
    if (!(await passPayPin(d))) return;
    if (purchase.kind === 'packet') await packetStep(d, purchase);
    else await offerStep(d, purchase);
  });
}

async function ownsBasePacket(d: FlowDeps): Promise<boolean> {
  const current = await d.client.fetchQuery({ ...subscriptionsQuery(d.token), ...fresh });
  return current.some((s) => s.base && s.state !== 'future');
}

/** Steps 3-5 for one packet (also each next packet of a queue, without asking the PIN again). */
export async function packetStep(d: FlowDeps, purchase: PacketPurchase): Promise<void> {
  const packet = await d.client.fetchQuery({ ...packetQuery(purchase.packetId, d.token), ...fresh });
  const named: PacketPurchase = { ...purchase, name: purchase.name || packet.name };
  const ownsBase = isBasePacket(packet) || (await ownsBasePacket(d));
  const decision = decidePacket({ packet, ownsBase, allowWithoutBase: d.settings.allowWithoutBase });
  switch (decision.kind) {
    case 'owned':
      // Within a queue (a bundle) a packet already held is skipped.
      if (purchase.queue) await finish(d, named, 'packet');
      else d.open('confirm', { kind: 'owned', purchase: named } satisfies ConfirmData);
      return;
    case 'bundle': {
      const [first, ...rest] = decision.queue;
      await packetStep(d, { ...purchase, packetId: first!, name: '', periodId: undefined, queue: [...rest, ...(purchase.queue ?? [])] });
      return;
    }
    case 'quick_packets':
      d.open('quick_packets', { addonId: packet.id, addonName: packet.name, purchase: named } satisfies QuickPacketsData);
      return;
    case 'periods': {
      const options = await d.client.fetchQuery({ ...periodsQuery(packet.id, d.token), ...fresh });
      const period = decidePeriod(options, { periodId: purchase.periodId, trial: purchase.trial });
      if (period.kind === 'none') d.alert(d.t('payments.noPeriods'), 'error');
      else if (period.kind === 'choose') d.open('confirm_period', { purchase: named });
      else await buyWithOption(d, named, period.option, period.trial);
    }
  }
}

/** Step 6: the balance covers it -> confirm; else pay the missing amount through a pay system. */
export async function buyWithOption(d: FlowDeps, purchase: PacketPurchase, option: PeriodOption, trial: boolean): Promise<void> {
  const p: PacketPurchase = { ...purchase, periodId: option.id, trial };
  const amount = chargeOf(option, trial);
  const balance = await d.client.fetchQuery({ ...balanceQuery(d.token), ...fresh });
  const buying = decideBuying(amount, balance.balance);
  if (buying.kind === 'confirm') {
    const period = trial ? option.trial_period_human : option.period_human;
    d.open('confirm', { kind: 'subscribe', purchase: p, amount, currency: option.currency, period, trial, balance: balance.balance } satisfies ConfirmData);
  } else {
    await paymentStep(d, { purchase: p, amount: buying.missing, currency: option.currency, allowed: option.paysystems });
  }
}

/** The confirmed subscription from the balance. */
export function confirmSubscribe(d: FlowDeps, purchase: PacketPurchase, idempotencyKey: string): Promise<void> {
  return guarded(d, async () => {
    try {
      const res = await d.protectedCall((code) =>
        subscribe({
          packet_id: purchase.packetId,
          period_id: purchase.periodId,
          trial: purchase.trial ?? false,
          idempotency_key: idempotencyKey,
          parental_code: code,
        }),
      );
      if (res === PIN_CANCELLED) return;
      await finish(d, purchase, res.is_paused || res.state === 'paused' ? 'paused' : 'packet');
    } catch (e) {
      await purchaseRefused(d, purchase, e);
    }
  });
}

/** Step 7: a film's offer: confirm when the balance covers it, else offer to pay the rest. */
async function offerStep(d: FlowDeps, purchase: OfferPurchase): Promise<void> {
  const offers = purchase.contentId ? await d.client.fetchQuery({ ...offersQuery(purchase.contentId, d.token), ...fresh }) : [];
  const offer = offers.find((o) => o.offer_id === purchase.offerId);
  const balance = await d.client.fetchQuery({ ...balanceQuery(d.token), ...fresh });
  const named: OfferPurchase = { ...purchase, name: purchase.name || offer?.title || '' };
  if (offer) {
    const buying = decideBuying(offer.amount, balance.balance);
    if (buying.kind === 'pay') {
      d.open('nofunds', { purchase: named, amount: buying.missing, currency: offer.currency } satisfies PaymentStep);
      return;
    }
  }
  d.open('confirm', {
    kind: 'offer',
    purchase: named,
    amount: offer?.amount ?? null,
    currency: offer?.currency ?? null,
    balance: balance.balance,
  } satisfies ConfirmData);
}

export function confirmOffer(d: FlowDeps, purchase: OfferPurchase, idempotencyKey: string): Promise<void> {
  return guarded(d, async () => {
    try {
      const res = await d.protectedCall((code) => purchaseOffer({ offer_id: purchase.offerId, idempotency_key: idempotencyKey, parental_code: code }));
      if (res === PIN_CANCELLED) return;
      await finish(d, purchase, 'content');
    } catch (e) {
      await purchaseRefused(d, purchase, e);
    }
  });
}

/** Spec 8: 402 / nofunds -> pay what is missing; no base -> quick_packets; already held -> 'already bought'. */
async function purchaseRefused(d: FlowDeps, purchase: PacketPurchase | OfferPurchase, e: unknown): Promise<void> {
  const failure = classifyPurchaseError(e);
  switch (failure.kind) {
    case 'pay': {
      const currency = failure.currency ?? (await d.client.fetchQuery({ ...balanceQuery(d.token), ...fresh })).currency;
      const step: PaymentStep = { purchase, amount: failure.amount, currency };
      if (purchase.kind === 'offer') d.open('nofunds', step);
      else await paymentStep(d, step);
      return;
    }
    case 'no_base':
      if (purchase.kind === 'packet') {
        d.open('quick_packets', { addonId: purchase.packetId, addonName: purchase.name, purchase } satisfies QuickPacketsData);
        return;
      }
      break;
    case 'owned':
      if (purchase.kind === 'packet' && purchase.queue) await finish(d, purchase, 'packet');
      else d.open('confirm', { kind: 'owned', purchase } satisfies ConfirmData);
      return;
  }
  throw e;
}

/** Steps 6 and 8: the pay system asked for, the only one, or the viewer's choice. */
export async function paymentStep(d: FlowDeps, step: PaymentStep): Promise<void> {
  const accountId = await accountIdOf(d);
  const all = await d.client.fetchQuery(payformsQuery(accountId, d.token));
  const pick = pickPaySystem(usablePaySystems(all, step.allowed), step.paysystem);
  if (pick.kind === 'none') d.open('message', { title: d.t('payments.noPaysystemsTitle'), text: d.t('payments.noPaysystems') });
  else if (pick.kind === 'choose') d.open('paysystems', step);
  else await routePayment(d, step, pick.paysystem);
}

/** Step 6 by kind: SMS, QR, the operator's text, a saved card, or the gateway's page. */
export async function routePayment(d: FlowDeps, step: PaymentStep, ps: PaySystem): Promise<void> {
  let primary: Card | undefined;
  if (ps.kind === 'linkedcard' || ps.payforms.includes('linkedcard')) {
    primary = (await d.client.fetchQuery({ ...cardsQuery(d.token), ...fresh })).find((c) => c.is_primary);
  }
  const data: PayModalData = { ...step, paysystem: ps.shortname, title: ps.title, isTest: ps.is_test };
  switch (payRoute(ps, { hasPrimaryCard: primary !== undefined, iframeEnabled: d.settings.iframeEnabled })) {
    case 'info':
      d.open('message', { title: ps.title, text: (step.purchase.kind === 'packet' && ps.how_to_use_packet) || ps.how_to_use });
      return;
    case 'pay_phone_sms':
      d.open('pay_phone_sms', data);
      return;
    case 'pay_qr':
      d.open('pay_qr', { ...data, form: ps.kind === 'qrcode_png' ? 'qrcode_png' : 'qrcode' } satisfies PayModalData);
      return;
    case 'pay_card':
      d.open('pay_card', { ...data, card: primary } satisfies PayModalData);
      return;
    case 'pay_iframe':
      d.open('pay_iframe', { ...data, form: 'pay_iframe' } satisfies PayModalData);
      return;
    case 'pay_redirect':
      d.open('pay_redirect', { ...data, form: redirectForm(ps) } satisfies PayModalData);
  }
}

/**
 * A bought packet, offer or top-up: every query is marked stale so access shows at once
 * (channels, content meta, packets, balance, subscriptions); the next packet of a queue is
 * bought; else the success alert shows and the start-after-buy content plays.
 */
export async function finish(d: FlowDeps, purchase: Purchase | null, variant: SuccessVariant): Promise<void> {
  await d.client.invalidateQueries();
  if (purchase?.kind === 'packet' && purchase.queue && purchase.queue.length > 0) {
    const [next, ...rest] = purchase.queue;
    await packetStep(d, { ...purchase, packetId: next!, name: '', periodId: undefined, trial: undefined, queue: rest });
    return;
  }
  d.alert(d.t(`payments.success.${variant}`));
  const playAfter = purchase?.kind === 'packet' ? purchase.playAfter : purchase?.kind === 'offer' ? purchase.contentId : undefined;
  if (playAfter) d.play(playAfter);
  else d.close();
}

/** A completed payment (polled): the purchase it made goes on as if bought from the balance. */
export async function finishPayment(d: FlowDeps, tx: Transaction, purchase: Purchase | null): Promise<void> {
  clearPendingPayment();
  if (tx.skip_parental_control) rememberSkipParental();
  let variant: SuccessVariant = 'packet';
  if (tx.kind === 'card_link') variant = 'card';
  else if (purchase?.kind === 'offer' || tx.offer_id) variant = 'content';
  else if (tx.kind === 'refill' && purchase?.kind !== 'packet') variant = 'refill';
  else {
    const packetId = purchase?.kind === 'packet' ? purchase.packetId : tx.packet_id;
    if (packetId) {
      const packet = await d.client.fetchQuery({ ...packetQuery(packetId, d.token), ...fresh }).catch(() => null);
      if (packet?.is_paused || packet?.subscription?.state === 'paused') variant = 'paused';
    }
  }
  await finish(d, purchase, variant);
}

/** A failed payment: the gateway's reason in a message, else the general error alert. */
export function paymentFailed(d: FlowDeps, description: string): void {
  clearPendingPayment();
  void d.client.invalidateQueries();
  if (description) d.open('message', { title: d.t('payments.errorTitle'), text: description });
  else {
    d.alert(d.t('payments.errorGeneric'), 'error');
    d.close();
  }
}

export { newIdempotencyKey };
