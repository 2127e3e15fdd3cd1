import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { storedToken } from './tv';

// Commerce helpers shared by the journeys: the viewer's API calls, the balance, top-ups
// through the refill modal and the sandbox gateway's "mobile balance" SMS code, and the
// demo's film offers.

/** A phone nobody has registered yet (each run, each test): 7 + 10 digits. */
export function freshPhone(): string {
  const random = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  return `795${String(Date.now()).slice(-5)}${random}`;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** Calls the API as the signed-in viewer (the token the web client stored). */
export async function api<T>(page: Page, method: string, path: string, data?: unknown): Promise<ApiAnswer<T>> {
  const token = await storedToken(page);
  const res = await page.request.fetch(path, { method, data, headers: { Authorization: `Token ${token}` } });
  return { status: res.status(), body: (await res.json().catch(() => null)) as T };
}

/** The viewer's balance in minor units. */
export async function balanceOf(page: Page): Promise<number> {
  return (await api<{ balance: number }>(page, 'GET', '/v2/users/self/balance')).body.balance;
}

/** Opens #refill and starts a top-up of rubles through the pay system titled title. */
export async function refill(page: Page, rubles: string, title: RegExp): Promise<void> {
  await page.goto('/#refill');
  const modal = page.locator('[data-modal="refill"]');
  await modal.getByLabel(/Сумма|Amount/).fill(rubles);
  await modal.getByRole('radio', { name: title }).check();
  await modal.getByRole('button', { name: /^(Продолжить|Continue)$/ }).click();
}

/** Pays on the sandbox's test payment page with card number (and a 3-D Secure code). */
export async function payOnSandbox(page: Page, card: string, threeDS?: string): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/sandbox\//, { timeout: 20_000 });
  await expect(page.getByText(/Тестовый платёж|Test payment/).first()).toBeVisible();
  await page.getByLabel(/Номер карты|Card number/).fill(card);
  await page.getByLabel(/Срок действия|Expiry/).fill('12/30');
  await page.getByLabel(/CVC/).fill('123');
  await page.getByRole('button', { name: /^(Оплатить|Pay) / }).click();
  if (threeDS) {
    await page.getByLabel(/Код подтверждения|Confirmation code/).fill(threeDS);
    await page.getByRole('button', { name: /^(Подтвердить|Confirm)$/ }).click();
  }
}

interface OutboxEntry {
  id?: number;
  created_at: number;
  phone: string;
  code: string;
  text: string;
}

/** The sandbox's SMS texts of a mobile-balance payment ("Тестовый платёж 150 ₽: код 123456"). */
const paymentText = /^(Тестовый платёж|Test payment)/;

/**
 * The code of the newest mobile-balance payment SMS to phone that is not among seen (codes
 * read before), from the development outbox (GET /v2/dev/outbox?phone=, EFIR_DEV=true).
 * Sign-in codes to the same phone are told apart by their text.
 */
export async function readPaymentCode(page: Page, phone: string, seen: readonly string[] = []): Promise<string> {
  const digits = phone.replace(/\D/g, '');
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/v2/dev/outbox?phone=${digits}`);
        if (!res.ok()) return '';
        const entries = (await res.json()) as OutboxEntry[];
        const hit = entries
          .filter((e) => e.code && paymentText.test(e.text) && !seen.includes(e.code))
          .sort((a, b) => b.created_at - a.created_at)[0];
        code = hit?.code ?? '';
        return code;
      },
      { timeout: 15_000, message: `a payment code in the outbox for ${digits}` },
    )
    .not.toBe('');
  return code;
}

/** The viewer's first account (the one payments credit). */
export async function accountId(page: Page): Promise<number> {
  const accounts = await api<{ id: number }[]>(page, 'GET', '/v2/users/self/accounts');
  expect(accounts.status).toBe(200);
  return accounts.body[0]!.id;
}

/**
 * Tops the balance up by rubles through the API, paying from the phone's balance (the
 * sandbox texts a code, which confirms the payment), and waits for the money.
 */
export async function topUpByPhone(page: Page, phone: string, rubles: number): Promise<void> {
  const before = await balanceOf(page);
  const account = await accountId(page);
  const start = await api<{ id: number }>(page, 'POST', `/v2/users/self/accounts/${account}/payforms/phone`, {
    paysystem_shortname: 'phone',
    amount: rubles * 100,
    phone,
    idempotency_key: `topup-${phone}-${Date.now()}`,
  });
  expect(start.status, JSON.stringify(start.body)).toBe(201);
  const code = await readPaymentCode(page, phone);
  const confirm = await api(page, 'POST', `/v2/users/self/accounts/${account}/payforms/confirm_by_sms`, {
    paysystem_shortname: 'phone',
    transaction_id: start.body.id,
    code,
  });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  await expect.poll(() => balanceOf(page), { timeout: 20_000 }).toBe(before + rubles * 100);
}

export interface FilmOffer {
  contentId: number;
  libraryId: number;
  slug: string;
  rentOfferId: number;
  rentAmount: number;
}

/** The first demo film offered for rent (the demo offers its first premium films). */
export async function rentableFilm(page: Page): Promise<FilmOffer> {
  for (let id = 1; id < 400; id++) {
    const offers = await page.request.get(`/v2/offers/contents/${id}`);
    if (!offers.ok()) continue;
    const rent = ((await offers.json()) as { offer_id: number; type: string; amount: number }[]).find((o) => o.type === 'rent');
    if (!rent) continue;
    const content = (await (await page.request.get(`/v2/contents/${id}`)).json()) as { slug: string; library_id: number };
    return { contentId: id, libraryId: content.library_id, slug: content.slug, rentOfferId: rent.offer_id, rentAmount: rent.amount };
  }
  throw new Error('no film is offered for rent');
}

interface PeriodOption {
  id: number;
  months: number;
  amount: number;
}

/** The packet of the demo shop named short ("base-1") and its price options. */
export async function packetWithPeriods(page: Page, short: string): Promise<{ id: number; periods: PeriodOption[] }> {
  const list = await api<{ id: number; short: string }[]>(page, 'GET', '/v2/packets');
  const packet = list.body.find((p) => p.short === short);
  expect(packet, `packet ${short}`).toBeTruthy();
  const periods = await api<PeriodOption[]>(page, 'GET', `/v2/packets/${packet!.id}/purchaseperiods`);
  return { id: packet!.id, periods: periods.body };
}

/** Subscribes to the packet short for months from the balance (no trial). */
export async function subscribeFromBalance(page: Page, short: string, months: number): Promise<{ id: number; packetId: number }> {
  const packet = await packetWithPeriods(page, short);
  const period = packet.periods.find((p) => p.months === months);
  expect(period, `${short}: a period of ${months} months`).toBeTruthy();
  const res = await api<{ id: number; state: string }>(page, 'POST', '/v2/users/self/subscriptions', {
    packet_id: packet.id,
    period_id: period!.id,
    trial: false,
    idempotency_key: `sub-${short}-${Date.now()}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, packetId: packet.id };
}

/** Runs the renewal job once (efir renew) on the server's database with its clock at `at`. */
export function renewAt(at: Date): void {
  execFileSync(process.env.EFIR_BIN ?? '../bin/efir', ['renew', '-at', at.toISOString().replace(/\.\d+Z$/, 'Z')], {
    env: { ...process.env, EFIR_DATA_DIR: process.env.EFIR_E2E_DATA_DIR ?? '' },
    stdio: 'pipe',
  });
}
