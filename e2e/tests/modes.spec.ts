import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appReady } from './helpers/app';
import { authNames } from './helpers/auth';

// The modes of running on the real binary: an app's webview (no share button), the mobile
// app's account pages (no header, footer or analytics), partners set up by the operator
// (logo link home to the partner, account pages closed outside its webview) and the
// Telegram mini app (signed in by launch data the operator's bot signed).

const BOT = '424242424:AAModesJourneyBotToken_abcdefghijklmnop';

/** The owner sets partners and the mini-app bot through the console API. */
async function setUpModes(request: APIRequestContext): Promise<void> {
  const login = await request.post('/v2/operator/auth/login', { data: { email: 'admin@efir.example', password: 'efir24-admin' } });
  expect(login.ok()).toBeTruthy();
  const csrf = (await login.json()).session.csrf_token as string;
  const res = await request.patch('/v2/operator/settings/modes', {
    headers: { 'X-CSRF-Token': csrf },
    data: {
      telegram_bot_token: BOT,
      partners: [
        { id: 'bank_app', name: 'Bank', hide_logout: true, home_url: 'https://bank.example/tv', closed_outside_webview: true,
          install_notice: { variant: 'bank_app', delay_seconds: 0, reopen_seconds: 259200 }, app_offer: '' },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Launch data as Telegram signs it for the bot. */
function launchData(telegramId: number): string {
  const v = new URLSearchParams();
  v.set('query_id', 'AAHmodes');
  v.set('user', JSON.stringify({ id: telegramId, first_name: 'Dana' }));
  v.set('auth_date', String(Math.floor(Date.now() / 1000)));
  const check = [...v.entries()].map(([k, x]) => `${k}=${x}`).sort().join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(BOT).digest();
  v.set('hash', createHmac('sha256', secret).update(check).digest('hex'));
  return v.toString();
}

const shareButton = (page: Page) => page.getByRole('button', { name: 'Поделиться' });

test.beforeAll(async ({ request }) => {
  await setUpModes(request);
});

test('an app webview has no share button; a browser has one', async ({ page }) => {
  await page.goto('/channels/popular/efir-1');
  await expect(shareButton(page)).toBeVisible({ timeout: 30_000 });
  await page.goto('/channels/popular/efir-1?webview=1');
  await expect(page.getByRole('button', { name: 'Назад', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(shareButton(page)).toHaveCount(0);
  // The webview is kept for the tab: later pages lose the query, not the mode.
  await page.goto('/channels/popular/efir-1');
  await expect(page.getByRole('button', { name: 'Назад', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(shareButton(page)).toHaveCount(0);
});

test('/account_mobile: the account without header, footer or analytics', async ({ page }) => {
  await page.goto('/account_mobile');
  await expect(page.getByRole('heading', { level: 1, name: 'Мой аккаунт' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-analytics-mode', 'off');
  await expect(page.getByText('Войдите, чтобы увидеть свои подписки и баланс.')).toBeVisible();
  await page.goto('/');
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('data-analytics-mode', 'on');
});

test("a partner's rules: the logo leads to the partner, account pages close outside its webview", async ({ page }) => {
  await page.goto('/?partner=bank_app');
  await appReady(page);
  const logo = page.getByRole('banner').getByRole('link', { name: /главная страница/ });
  await expect(logo).toHaveAttribute('href', 'https://bank.example/tv');
  // Kept for later pages and visits.
  await page.goto('/channels');
  await expect(page.getByRole('banner').getByRole('link', { name: /главная страница/ })).toHaveAttribute('href', 'https://bank.example/tv');
  await page.goto('/account_mobile');
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  // Inside the partner's webview the same page opens.
  await page.goto('/account_mobile?webview=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Мой аккаунт' })).toBeVisible({ timeout: 30_000 });
});

test('the Telegram mini app signs its viewer in by the launch data', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith('https://telegram.org/')) scripts.push(r.url());
  });
  // Outside Telegram the page never asks for Telegram's script.
  await page.goto('/');
  await appReady(page);
  expect(scripts).toEqual([]);

  const signIn = page.waitForResponse((r) => r.url().endsWith('/v2/auth/telegram'));
  // Another path than the page above: a fragment alone would not load the page again.
  await page.goto(`/channels#tgWebAppData=${encodeURIComponent(launchData(Date.now() % 1_000_000_000))}&tgWebAppVersion=7.0&tgWebAppPlatform=android`);
  expect((await signIn).status()).toBe(200);
  expect(scripts).toEqual(['https://telegram.org/js/telegram-web-app.js']);
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toBeVisible({ timeout: 30_000 });
});

test('tampered launch data signs nobody in, and the mini app has no guests', async ({ page }) => {
  const tampered = launchData(77).replace('Dana', 'Eve');
  const signIn = page.waitForResponse((r) => r.url().endsWith('/v2/auth/telegram'));
  await page.goto(`/#tgWebAppData=${encodeURIComponent(tampered)}&tgWebAppVersion=7.0`);
  expect((await signIn).status()).toBe(400);
  // No guest in the mini app: the sign-in dialog stays and cannot be closed.
  const dialog = page.getByRole('dialog', { name: /Вход|Sign in/ });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: /Закрыть|Close/ })).toHaveCount(0);
});

test('phone and desktop screenshots of the modes', async ({ page }) => {
  for (const [name, width, height] of [['phone', 390, 844], ['desktop', 1366, 900]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/account_mobile');
    await expect(page.getByRole('heading', { level: 1, name: 'Мой аккаунт' })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `test-results/modes-account-mobile-${name}.png` });
    await page.goto('/channels/popular/efir-1?webview=1');
    await expect(page.getByRole('button', { name: 'Назад', exact: true })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `test-results/modes-webview-channel-${name}.png` });
  }
});
