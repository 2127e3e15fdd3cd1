import { PIN_CANCELLED } from '@/features/parental';
import { isApiError } from '@/shared/api';
import { linkCard, pay } from './api';
import { accountIdOf, type FlowDeps, type PayModalData } from './flow';
import { returnUrl, withoutHash } from './rules/transaction';
import { savePendingPayment } from './storage';
import type { PayForm, PayRequest, PaymentStep, Transaction } from './types';

// The pay-form calls of the pay modals (api/openapi.yaml payforms/{form}). Every payment
// is saved (spec purchase_id, purchase_packet_id) before the viewer may leave, so a reload
// or the gateway's return keeps polling it.

/** The request body of a payment: what it buys (packet and period, offer, or a top-up) and how much. */
export function payRequestOf(step: PaymentStep, paysystem: string, idempotencyKey: string): PayRequest {
  const req: PayRequest = { paysystem_shortname: paysystem, amount: step.amount, idempotency_key: idempotencyKey };
  if (step.purchase.kind === 'packet') {
    req.packet_id = step.purchase.packetId;
    if (step.purchase.periodId !== undefined) req.period_id = step.purchase.periodId;
  } else if (step.purchase.kind === 'offer') {
    req.offer_id = step.purchase.offerId;
  }
  return req;
}

/** Back to this page (or the given path of this site) with purchased=true and the result modal. */
function returnHere(d: FlowDeps, path?: string): string {
  const here = d.here();
  if (path && path.startsWith('/')) {
    const target = new URL(path, here.origin);
    return returnUrl(here.origin, target.pathname, target.search);
  }
  return returnUrl(here.origin, here.pathname, here.search);
}

/**
 * Runs a call that sends the gateway a return address. The full address keeps the
 * #pay_transaction modal; a server that takes only its own origin (the page served through
 * a development proxy) refuses it, and then the path alone is sent: the page still sees
 * purchased=true and usePurchase opens the result there.
 */
async function withReturn<T>(d: FlowDeps, path: string | undefined, call: (returnUrl: string) => Promise<T>): Promise<T> {
  const full = returnHere(d, path);
  try {
    return await call(full);
  } catch (e) {
    if (isApiError(e) && e.status === 400 && 'return_url' in e.detail) return call(withoutHash(full.slice(d.here().origin.length)));
    throw e;
  }
}

async function payThrough(d: FlowDeps, data: PayModalData, form: PayForm, idempotencyKey: string, extra: PayRequest = {}): Promise<Transaction | null> {
  const accountId = await accountIdOf(d);
  const tx = await d.protectedCall((code) =>
    pay(accountId, form, { ...payRequestOf(data, data.paysystem, idempotencyKey), ...extra, parental_code: code }),
  );
  if (tx === PIN_CANCELLED) return null;
  savePendingPayment(tx.id, data.purchase);
  return tx;
}

/**
 * short_url: the gateway's page (full_url), which sends the viewer back to this page.
 * pay_iframe: the same page framed in the dialog, which stays on its own result page (no
 * way back: the dialog polls the transaction and closes itself).
 */
export function startGatewayPayment(d: FlowDeps, data: PayModalData, form: 'short_url' | 'pay_iframe', saveCard: boolean, key: string) {
  if (form === 'pay_iframe') return payThrough(d, data, form, key, { is_save_card: saveCard });
  return withReturn(d, undefined, (ret) => payThrough(d, data, form, key, { is_save_card: saveCard, return_url: ret }));
}

/** short_url paid on another device (its QR code): no way back, the page stays on its result. */
export function startPhonePayment(d: FlowDeps, data: PayModalData, key: string) {
  return payThrough(d, data, 'short_url', key);
}

/** linkedcard: the saved card pays at once; the transaction is polled. */
export function payWithCard(d: FlowDeps, data: PayModalData, cardId: number, key: string) {
  return payThrough(d, data, 'linkedcard', key, { card_id: cardId });
}

/** phone: an SMS code is sent to the phone. */
export function sendSmsCode(d: FlowDeps, data: PayModalData, phone: string, key: string) {
  return payThrough(d, data, 'phone', key, { phone });
}

/** confirm_by_sms: the code from the SMS; a wrong one answers 400 validation_error. */
export async function confirmSmsCode(d: FlowDeps, data: PayModalData, transactionId: number, code: string): Promise<Transaction> {
  const accountId = await accountIdOf(d);
  return pay(accountId, 'confirm_by_sms', { paysystem_shortname: data.paysystem, transaction_id: transactionId, code });
}

/** qrcode / qrcode_png: an SBP QR to scan; the transaction is polled. */
export function makeQrPayment(d: FlowDeps, data: PayModalData, key: string) {
  return payThrough(d, data, data.form === 'qrcode_png' ? 'qrcode_png' : 'qrcode', key);
}

/** A card link: a small charge on the gateway's page, refunded unless a paid promo key keeps it. */
export async function startCardLink(
  d: FlowDeps,
  opts: { paysystem?: string; neededRefund?: boolean; returnPath?: string } = {},
): Promise<Transaction | null> {
  const tx = await withReturn(d, opts.returnPath, (ret) =>
    d.protectedCall((code) =>
      linkCard({ paysystem_shortname: opts.paysystem, return_url: ret, needed_refund: opts.neededRefund ?? true, parental_code: code }),
    ),
  );
  if (tx === PIN_CANCELLED) return null;
  savePendingPayment(tx.id, null);
  return tx;
}

/** The QR image: the server's image answers to the token in the query (an <img> sends no header). */
export function qrImageSrc(url: string, token: string | null, origin: string): string {
  if (!url) return '';
  const u = new URL(url, origin);
  if (token) u.searchParams.set('access_token', token);
  return u.origin === origin ? `${u.pathname}${u.search}` : u.href;
}
