import { expect, test, type Page } from '@playwright/test';
import { authDialog, authNames, readOutboxCode, signInWithPassword } from './helpers/auth';
import { api, balanceOf, freshPhone, payOnSandbox, refill, renewAt } from './helpers/commerce';

// Commerce journeys on the real binary and the built-in sandbox gateway (its hosted
// "test payment" pages stand in for the bank).

/** Signs in by phone inside the #auth dialog that is already open. */
async function signInInDialog(page: Page, phone: string): Promise<void> {
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  const after = Math.floor(Date.now() / 1000) - 1;
  await dialog.getByLabel(authNames.phone).fill(phone);
  await dialog.getByRole('button', { name: authNames.sendCode }).click();
  const code = await readOutboxCode(page.request, new URL(page.url()).origin, phone, { after });
  await dialog.getByLabel(authNames.code).fill(code);
  await dialog.getByRole('button', { name: authNames.confirm }).click();
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toBeVisible();
}

test('a guest buys the base packet by card after signing in, it renews from the saved card, renewal goes off, a promo code adds cinema', async ({ page }) => {
  // The channel is not in the guest's packets: its panel lists the packets with prices.
  await page.goto('/channels/news/mir-24');
  const panel = page.locator('[data-channel-panel="packets"]');
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel).toContainText('299');
  await panel.locator('li, div').filter({ hasText: /^Базовый/ }).getByRole('button', { name: /Купить|Buy/ }).first().click();

  // Sign-in first; the purchase then continues by itself.
  const phone = freshPhone();
  await signInInDialog(page, phone);

  // The trial (7 days for 1 ₽) is paid by card on the gateway's page (the balance is empty).
  await page.getByRole('button', { name: /Банковская карта/ }).click();
  await page.getByLabel(/Сохранить карту|Save the card/).check();
  await page.getByRole('button', { name: /Перейти к оплате|Go to payment/ }).click();
  await payOnSandbox(page, '4242 4242 4242 4242');

  // Back on the channel: the payment completes and the channel plays.
  await expect(page).toHaveURL(/\/channels\/news\/mir-24/, { timeout: 20_000 });
  await expect(page.locator('[data-channel-panel="packets"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('video').first()).toBeVisible({ timeout: 20_000 });

  // The card was saved; the subscription is the trial, renewing.
  const cards = await api<{ number: string; is_primary: boolean }[]>(page, 'GET', '/v2/users/self/cards');
  expect(cards.body).toHaveLength(1);
  expect(cards.body[0].number).toContain('4242');
  const before = await api<{ id: number; end_at: number; type: string }[]>(page, 'GET', '/v2/users/self/subscriptions/current');
  const trial = before.body.find((s) => s.type === 'trial');
  expect(trial).toBeTruthy();

  // Next period: the renewal job charges the saved card (the balance is empty).
  renewAt(new Date((trial!.end_at + 3600) * 1000));
  const after = await api<{ id: number; end_at: number; type: string; renew: boolean }[]>(page, 'GET', '/v2/users/self/subscriptions/current');
  const renewed = after.body.find((s) => s.id === trial!.id);
  expect(renewed?.type).toBe('paid');
  expect(renewed!.end_at).toBeGreaterThan(trial!.end_at + 29 * 86400);

  // The account: switch the renewal off (with confirmation).
  await page.goto('/settings/subscriptions');
  const item = page.locator('li, article').filter({ hasText: 'Базовый' }).first();
  await expect(item).toBeVisible({ timeout: 20_000 });
  // Base has several periods: its button is the period screen, which also switches renewal.
  await item.getByRole('button', { name: /Изменить период|Change period/ }).click();
  await page.locator('[data-modal="subscription"]').getByRole('button', { name: /Отключить продление|Turn renewal off/ }).click();
  await page.locator('[data-modal="confirm"]').getByRole('button', { name: /Отключить|Turn off/ }).click();
  await expect
    .poll(async () => (await api<{ id: number; renew: boolean }[]>(page, 'GET', '/v2/users/self/subscriptions/current')).body.find((s) => s.id === trial!.id)?.renew)
    .toBe(false);

  // A promo code: KINO7 gives 7 days of cinema (the card is linked; it asks for a confirmation).
  await page.goto('/promo');
  await page.getByRole('textbox', { name: /^(Промокод|Promo code)$/ }).fill('KINO7');
  await page.getByRole('button', { name: /^(Активировать|Activate)$/ }).click();
  // The confirmation of KINO7, then what it gave.
  await expect(page.getByText(/Неделя кино бесплатно/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /^(Активировать|Activate|Подтвердить|Confirm)$/ }).last().click();
  await expect(page.getByText(/Промокод активирован|Promo code activated/)).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await api<{ packet: { short: string } }[]>(page, 'GET', '/v2/users/self/subscriptions/current')).body.map((s) => s.packet.short))
    .toContain('premium-1');
});

test('a top-up: a declined card says why, 3-D Secure pays, SBP pays by its QR code', async ({ page }) => {
  await page.goto('/');
  await signInWithPassword(page, 'shopper', 'efir24');
  const start = await balanceOf(page);

  // Declined: the error modal carries the bank's reason; nothing is credited.
  await refill(page, '500', /Банковская карта/);
  await page.getByRole('button', { name: /Перейти к оплате|Go to payment/ }).click();
  await payOnSandbox(page, '4000 0000 0000 0002');
  await expect(page.getByText(/Оплата не прошла|Payment failed/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Банк отклонил карту/).first()).toBeVisible();
  expect(await balanceOf(page)).toBe(start);

  // 3-D Secure: the code page first, then the money arrives.
  await refill(page, '500', /Банковская карта/);
  await page.getByRole('button', { name: /Перейти к оплате|Go to payment/ }).click();
  await payOnSandbox(page, '4000 0000 0000 3220', '111111');
  await expect.poll(() => balanceOf(page), { timeout: 30_000 }).toBe(start + 50000);

  // SBP: the QR image is drawn by the server from the payment's NSPK payload.
  await refill(page, '300', /^СБП( тест)?$/);
  const qr = page.locator('[data-modal="pay_qr"] img');
  await expect(qr).toBeVisible({ timeout: 20_000 });
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const txs = await api<{ qr_payload: string; full_url: string; status: string }[]>(page, 'GET', '/v2/users/self/transactions');
  expect(txs.body[0].qr_payload).toMatch(/^https:\/\/qr\.nspk\.ru\/[A-Z0-9]{32}\?type=02&bank=\d+&sum=30000&cur=RUB&crc=[0-9A-F]{4}$/);
  // The "bank" confirms on the sandbox's SBP page.
  await page.goto(txs.body[0].full_url);
  await page.getByRole('button', { name: /Оплатить в приложении банка|Pay in the bank app/ }).click();
  await expect.poll(() => balanceOf(page), { timeout: 30_000 }).toBe(start + 80000);

  // A card on the gateway's page framed in the dialog: the dialog follows the payment.
  await refill(page, '200', /Карта в окне/);
  const frame = page.locator('[data-modal="pay_iframe"] iframe');
  await expect(frame).toBeVisible({ timeout: 20_000 });
  const bank = frame.contentFrame();
  await bank.getByLabel(/Номер карты|Card number/).fill('4242 4242 4242 4242');
  await bank.getByLabel(/Срок действия|Expiry/).fill('12/30');
  await bank.getByLabel(/CVC/).fill('123');
  await bank.getByRole('button', { name: /^(Оплатить|Pay) / }).click();
  await expect.poll(() => balanceOf(page), { timeout: 30_000 }).toBe(start + 100000);
  await expect(page.getByText(/Баланс пополнен|Оплата прошла|успешно/i).first()).toBeVisible({ timeout: 20_000 });
});

test('a viewer rents a film from the balance and watches it', async ({ page }) => {
  await page.goto('/');
  await signInWithPassword(page, 'shopper', 'efir24');
  // The demo offers its first premium films for rent (48 h) and purchase.
  let film = 0;
  for (let id = 1; id < 400 && !film; id++) {
    const offers = await api<{ type: string }[]>(page, 'GET', `/v2/offers/contents/${id}`);
    if (offers.status === 200 && offers.body.some((o) => o.type === 'rent')) film = id;
  }
  expect(film).toBeGreaterThan(0);
  const content = await api<{ slug: string }>(page, 'GET', `/v2/contents/${film}`);
  const start = await balanceOf(page);

  await page.goto(`/contents/${content.body.slug}`);
  await page.locator('[data-modal="content"] [data-action="watch"]').first().click();
  const packets = page.locator('[data-modal="content_packets"]').getByRole('dialog');
  await packets.locator('[data-offer-id]').filter({ hasText: /Прокат|Rent/ }).getByRole('button').first().click();
  await page.locator('[data-modal="confirm"]').getByRole('button', { name: /^(Оплатить|Pay) / }).click();

  // 199 ₽ leave the balance and the film plays.
  await expect.poll(() => balanceOf(page), { timeout: 20_000 }).toBe(start - 19900);
  await expect(page).toHaveURL(/\/watch\//, { timeout: 20_000 });
  await expect(page.locator('video').first()).toBeVisible({ timeout: 20_000 });
  const licences = await api<{ content_id: number; type: string; end_at: number }[]>(page, 'GET', '/v2/users/self/purchases');
  expect(licences.body[0]).toMatchObject({ content_id: film, type: 'rent' });
});

test('a guest enters EFIR30, signs in in the middle and gets a month of the base packet', async ({ page }) => {
  await page.goto('/promo');
  await page.getByRole('textbox', { name: /^(Промокод|Promo code)$/ }).fill('EFIR30');
  await page.getByRole('button', { name: /^(Активировать|Activate)$/ }).click();
  // A guest is asked to sign in first; the code waits.
  await expect(page.getByText('Войдите, чтобы активировать промокод EFIR30')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  await signInInDialog(page, freshPhone());

  // Back on the page, the flow goes on with the code by itself.
  await expect(page.getByText(/Промокод активирован|Promo code activated/)).toBeVisible({ timeout: 20_000 });
  const subs = await api<{ packet: { short: string }; type: string; end_at: number; start_at: number }[]>(page, 'GET', '/v2/users/self/subscriptions/current');
  const base = subs.body.find((s) => s.packet.short === 'base-1');
  expect(base?.type).toBe('promo');
  expect(base!.end_at - base!.start_at).toBe(30 * 86400);
});
