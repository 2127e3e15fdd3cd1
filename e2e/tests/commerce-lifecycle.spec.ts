import { expect, test, type Page } from '@playwright/test';
import { signInByPhone } from './helpers/auth';
import {
  api,
  balanceOf,
  freshPhone,
  payOnSandbox,
  readPaymentCode,
  refill,
  renewAt,
  rentableFilm,
  subscribeFromBalance,
  topUpByPhone,
} from './helpers/commerce';

// The life of what a viewer pays for, on the real binary and the sandbox gateway: paying
// from the phone's balance, a purchase the balance cannot cover, renewal and the period in
// the account, and access that ends with the subscription or the rental. Every journey
// signs a new viewer up by phone, so it never touches another journey's balance.

interface UserPacket {
  id: number;
  packet: { id: number; short: string; name: string };
  renew: boolean;
  state: string;
  start_at: number;
  end_at: number;
  period_id: number | null;
  period_human: { days: number; months: number; years: number } | null;
  next_price: number | null;
}

interface ApiError {
  error: { type: string; detail?: Record<string, string> };
}

const current = async (page: Page) => (await api<UserPacket[]>(page, 'GET', '/v2/users/self/subscriptions/current')).body;
const futures = async (page: Page) => (await api<UserPacket[]>(page, 'GET', '/v2/users/self/subscriptions/futures')).body;
const base = async (page: Page) => (await current(page)).find((s) => s.packet.short === 'base-1');

/** A new viewer, signed up by phone on the home page. */
async function newViewer(page: Page): Promise<string> {
  const phone = freshPhone();
  await page.goto('/');
  await signInByPhone(page, phone);
  return phone;
}

test('a top-up from the phone balance: the SMS code confirms it and the balance rises by the amount', async ({ page }) => {
  const phone = await newViewer(page);
  const start = await balanceOf(page);

  await refill(page, '150', /^Баланс телефона( тест)?$/);
  const modal = page.locator('[data-modal="pay_phone_sms"]');
  await expect(modal.getByRole('dialog')).toBeVisible({ timeout: 20_000 });
  await expect(modal).toContainText('150');
  // The viewer's own number is offered.
  await expect(modal.getByLabel('Номер телефона')).toHaveValue(new RegExp(phone.slice(1)));
  await modal.getByRole('button', { name: 'Получить код' }).click();
  await expect(modal.getByRole('status')).toContainText('Мы отправили код в SMS');

  // A wrong code is refused and nothing is credited; the code from the SMS pays.
  const code = await readPaymentCode(page, phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await modal.getByLabel('Код из SMS').fill(wrong);
  await modal.getByRole('button', { name: 'Подтвердить оплату' }).click();
  await expect(modal.getByLabel('Код из SMS')).toHaveAttribute('aria-invalid', 'true');
  await expect(modal).toContainText(/Неверный код/);
  expect(await balanceOf(page)).toBe(start);
  await modal.getByLabel('Код из SMS').fill(code);
  await modal.getByRole('button', { name: 'Подтвердить оплату' }).click();

  await expect(page.getByText('Баланс пополнен.').first()).toBeVisible({ timeout: 30_000 });
  expect(await balanceOf(page)).toBe(start + 15000);
  const txs = await api<{ kind: string; status: string; amount: number; paysystem: string }[]>(page, 'GET', '/v2/users/self/transactions');
  expect(txs.body[0]).toMatchObject({ kind: 'refill', status: 'complete', amount: 15000, paysystem: 'phone' });
});

test('not enough money for a rental: nofunds, a top-up by card, then the rental and the film plays', async ({ page }) => {
  await newViewer(page);
  const film = await rentableFilm(page);
  expect(await balanceOf(page)).toBe(0);

  // The server's answers to a purchase the balance cannot cover (spec 8): an offer 400
  // nofunds, a packet 402 insufficient_funds, each with the missing amount.
  const offer = await api<ApiError>(page, 'POST', '/v2/users/self/purchases', { offer_id: film.rentOfferId });
  expect(offer.status).toBe(400);
  expect(offer.body.error).toMatchObject({ type: 'nofunds', detail: { amount: String(film.rentAmount), currency: 'RUB' } });
  const packets = await api<{ id: number; short: string }[]>(page, 'GET', '/v2/packets');
  const basePacket = packets.body.find((p) => p.short === 'base-1')!;
  const sub = await api<ApiError>(page, 'POST', '/v2/users/self/subscriptions', { packet_id: basePacket.id, trial: false });
  expect(sub.status).toBe(402);
  expect(sub.body.error).toMatchObject({ type: 'insufficient_funds', detail: { amount: '29900' } });

  // The viewer asks for the film: rent it → nofunds says how much is missing.
  await page.goto(`/contents/${film.slug}`);
  await page.locator('[data-modal="content"] [data-action="watch"]').first().click();
  const offers = page.locator('[data-modal="content_packets"]').getByRole('dialog');
  await offers.locator(`[data-offer-id="${film.rentOfferId}"]`).getByRole('button', { name: 'Взять напрокат' }).click();
  const nofunds = page.locator('[data-modal="nofunds"]').getByRole('dialog');
  await expect(nofunds).toBeVisible();
  await expect(nofunds).toContainText('Недостаточно средств');
  await expect(nofunds).toContainText(/не хватает 199/);

  // Top up the missing amount by card on the gateway's page.
  await nofunds.getByRole('button', { name: 'Пополнить баланс' }).click();
  const refillModal = page.locator('[data-modal="refill"]');
  await expect(refillModal.getByLabel(/Сумма/)).toHaveValue(/^199([.,]00)?$/);
  await refillModal.getByRole('radio', { name: /^Банковская карта( тест)?$/ }).check();
  await refillModal.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await payOnSandbox(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(new RegExp(`/contents/${film.slug}`), { timeout: 20_000 });
  await expect(page.getByText('Баланс пополнен.').first()).toBeVisible({ timeout: 30_000 });
  expect(await balanceOf(page)).toBe(film.rentAmount);

  // Now the rental goes through from the balance and the film plays.
  await page.goto(`/contents/${film.slug}`);
  await page.locator('[data-modal="content"] [data-action="watch"]').first().click();
  await page
    .locator('[data-modal="content_packets"]')
    .getByRole('dialog')
    .locator(`[data-offer-id="${film.rentOfferId}"]`)
    .getByRole('button', { name: 'Взять напрокат' })
    .click();
  await page.locator('[data-modal="confirm"]').getByRole('button', { name: /^Оплатить 199/ }).click();
  await expect(page).toHaveURL(/\/watch\//, { timeout: 20_000 });
  await expect(page.locator('video').first()).toBeVisible({ timeout: 20_000 });
  expect(await balanceOf(page)).toBe(0);
  const licences = await api<{ content_id: number; type: string }[]>(page, 'GET', '/v2/users/self/purchases');
  expect(licences.body[0]).toMatchObject({ content_id: film.contentId, type: 'rent' });
});

test('in the account: renewal off and on again, a period change planned as a future and cancelled', async ({ page }) => {
  const phone = await newViewer(page);
  await topUpByPhone(page, phone, 299);
  const bought = await subscribeFromBalance(page, 'base-1', 1);
  expect(await base(page)).toMatchObject({ id: bought.id, renew: true, state: 'active_renewing' });

  await page.goto('/settings/subscriptions');
  const currentList = page.locator('section[aria-labelledby="subscriptions-current"]');
  const item = currentList.locator('li').filter({ hasText: 'Базовый' });
  await expect(item).toContainText('Продлевается автоматически', { timeout: 20_000 });
  const periodScreen = page.locator('[data-modal="subscription"]').getByRole('dialog');

  // Renewal off: the period screen's button, then the confirmation.
  await item.getByRole('button', { name: 'Изменить период: Базовый' }).click();
  await periodScreen.getByRole('button', { name: 'Отключить продление' }).click();
  const confirm = page.locator('[data-modal="confirm"]').getByRole('dialog');
  await expect(confirm).toContainText('Отключить продление?');
  await confirm.getByRole('button', { name: 'Отключить', exact: true }).click();
  await expect(page.getByText(/^Автопродление отключено\./).first()).toBeVisible();
  await expect(item).toContainText('Продление отключено');
  await expect.poll(async () => (await base(page))?.renew).toBe(false);
  expect((await base(page))?.state).toBe('active');

  // Renewal on again.
  await item.getByRole('button', { name: 'Изменить период: Базовый' }).click();
  await periodScreen.getByRole('button', { name: 'Включить продление' }).click();
  await expect(page.getByText('Автопродление включено.').first()).toBeVisible();
  await expect(item).toContainText('Продлевается автоматически');
  await expect.poll(async () => (await base(page))?.renew).toBe(true);

  // Three months from the next renewal: planned, shown among the futures.
  await item.getByRole('button', { name: 'Изменить период: Базовый' }).click();
  await periodScreen.getByRole('radio', { name: /^3 месяца/ }).check();
  await periodScreen.getByRole('button', { name: 'Сменить период' }).click();
  await expect(periodScreen.getByRole('status')).toContainText('Новый период начнётся');
  await periodScreen.getByRole('button', { name: 'Хорошо' }).click();
  const running = (await base(page))!;
  await expect
    .poll(async () => (await futures(page)).map((f) => ({ short: f.packet.short, months: f.period_human?.months, start: f.start_at })))
    .toEqual([{ short: 'base-1', months: 3, start: running.end_at }]);
  const futureList = page.locator('section[aria-labelledby="subscriptions-futures"]');
  await expect(futureList).toContainText('Запланированные');
  const future = futureList.locator('li').filter({ hasText: 'Базовый' });
  await expect(future).toContainText('Запланирована');
  // The running one stays as it was.
  await expect(item).toContainText('Продлевается автоматически');

  // Cancelling the future removes it; the running subscription renews on its period.
  await future.getByRole('button', { name: 'Отменить: Базовый' }).click();
  await page.locator('[data-modal="confirm-disable"]').getByRole('button', { name: 'Отменить', exact: true }).click();
  await expect(page.getByText('Запланированная подписка отменена.').first()).toBeVisible();
  await expect(futureList).toHaveCount(0);
  await expect.poll(async () => (await futures(page)).length).toBe(0);
  expect(await base(page)).toMatchObject({ id: bought.id, renew: true, period_human: { months: 1 } });
});

test('the channel and the film stop playing when the subscription and the rental end', async ({ page }) => {
  const phone = await newViewer(page);
  const film = await rentableFilm(page);
  // Enough for the packet, the rental and one more month (a renewal could pay).
  await topUpByPhone(page, phone, 299 + film.rentAmount / 100 + 299);
  await subscribeFromBalance(page, 'base-1', 1);
  const rent = await api(page, 'POST', '/v2/users/self/purchases', { offer_id: film.rentOfferId, idempotency_key: `rent-${phone}` });
  expect(rent.status, JSON.stringify(rent.body)).toBe(201);
  const channel = (await api<{ id: number }>(page, 'GET', '/v2/channels/mir-24')).body.id;
  const channelStream = `/v2/channels/${channel}/stream`;
  const filmStream = `/v2/libraries/${film.libraryId}/contents/${film.contentId}/stream`;
  expect((await api(page, 'GET', channelStream)).status).toBe(200);
  expect((await api(page, 'GET', filmStream)).status).toBe(200);

  // Both play.
  await page.goto('/channels/news/mir-24');
  await expect(page.locator('video').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-channel-panel="packets"]')).toHaveCount(0);
  await page.goto(`/contents/${film.slug}`);
  await page.locator('[data-modal="content"] [data-action="watch"]').first().click();
  await expect(page).toHaveURL(/\/watch\//, { timeout: 20_000 });
  await expect(page.locator('video').first()).toBeVisible({ timeout: 20_000 });

  // Their time runs out (development call), and renewal does not bring them back: the
  // renewal job, run now, charges nothing.
  expect((await api(page, 'POST', '/v2/dev/users/self/expire')).status).toBe(204);
  const left = await balanceOf(page);
  expect(left).toBe(29900);
  renewAt(new Date(Date.now() + 60_000));
  expect(await balanceOf(page)).toBe(left);
  for (const path of [channelStream, filmStream]) {
    const res = await api<ApiError>(page, 'GET', path);
    expect(res.status, path).toBe(403);
    expect(res.body.error.type, path).toBe('permission_denied');
  }
  expect((await current(page)).filter((s) => s.packet.short === 'base-1')).toEqual([]);
  const licences = await api<{ content_id: number; end_at: number }[]>(page, 'GET', '/v2/users/self/purchases');
  const now = Date.now() / 1000;
  for (const l of licences.body.filter((x) => x.content_id === film.contentId)) expect(l.end_at).toBeLessThan(now);

  // The channel shows the packets that sell it, with prices; no player.
  await page.goto('/channels/news/mir-24');
  const panel = page.locator('[data-channel-panel="packets"]');
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel).toContainText('Базовый');
  await expect(panel).toContainText('299');

  // The film asks to pay: its offers instead of the player.
  await page.goto(`/contents/${film.slug}`);
  const watch = page.locator('[data-modal="content"] [data-action="watch"]').first();
  await expect(watch).not.toContainText('Смотреть', { timeout: 20_000 });
  await watch.click();
  const offers = page.locator('[data-modal="content_packets"]').getByRole('dialog');
  await expect(offers).toBeVisible();
  await expect(offers.locator(`[data-offer-id="${film.rentOfferId}"]`)).toContainText('199');
  await expect(page).not.toHaveURL(/\/watch\//);
});
