import { expect, test } from '@playwright/test';
import { consoleSignIn, totp } from './helpers/console';

// The operator's console on the real binary: staff of the demo operator (README).

test('the owner finds a subscriber by phone, invites an admin who enrols a second factor, and the audit log shows it', async ({ page, browser }) => {
  // Not signed in: the console sends staff to its sign-in page.
  await page.goto('/operator/subscribers');
  await expect(page).toHaveURL(/\/operator\/login/);
  await consoleSignIn(page, 'admin@efir.example', 'efir24-admin');

  // A subscriber by the beginning of their phone number, and their card with the balance.
  await page.getByRole('link', { name: /^(Абоненты|Subscribers)$/ }).click();
  await page.getByLabel(/Найти абонента|Find a subscriber/).fill('7900000000');
  await page.getByRole('button', { name: /^(Найти|Search)$/ }).click();
  const row = page.getByRole('row').filter({ hasText: 'shopper' });
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/shopper|Покупатель/i);
  await expect(page.getByText(/1\s?000/).first()).toBeVisible();

  // An admin is invited: the one-time link is shown once.
  await page.getByRole('link', { name: /^(Сотрудники|Staff)$/ }).click();
  const email = `ops${Date.now()}@efir.example`;
  const invite = page.locator('form').filter({ hasText: /Пригласить|Invite/ });
  await invite.getByLabel(/^(Эл\. почта|E-mail)$/).fill(email);
  await invite.getByLabel(/^(Роль|Role)$/).selectOption('admin');
  await invite.getByRole('button', { name: /^(Пригласить|Invite)$/ }).click();
  const link = await page.getByLabel(/Ссылка настройки|Set-up link/).inputValue().catch(async () =>
    (await page.getByText(/\/operator\/setup\?token=/).first().textContent()) ?? '');
  expect(link).toMatch(/\/operator\/setup\?token=/);

  // The new admin, in another browser: password by the link, then the authenticator.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto(new URL(link).pathname + new URL(link).search);
  await admin.getByLabel(/^(Новый пароль|New password)$/).fill('a strong console password');
  await admin.getByLabel(/^(Повторите пароль|Repeat the password)$/).fill('a strong console password');
  await admin.getByRole('button', { name: /^(Задать пароль|Set the password)$/ }).click();
  await admin.getByLabel(/^(Пароль|Password)$/).fill('a strong console password');
  await admin.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  await expect(admin.getByRole('img', { name: /QR/ })).toBeVisible();
  const secret = (await admin.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  await admin.getByLabel(/^(Код|Code)$/).fill(totp(secret));
  await admin.getByRole('button', { name: /^(Подтвердить|Confirm)$/ }).click();
  await expect(admin.getByText(/Резервные коды|Recovery codes/).first()).toBeVisible();
  await admin.getByRole('button', { name: /Коды сохранены|I saved them|Codes saved/ }).click();
  await expect(admin.getByRole('navigation', { name: /Разделы консоли|Console sections/ })).toBeVisible();
  await context.close();

  // The owner's audit log holds the invitation and the new admin's enrolment.
  await page.getByRole('link', { name: /^(Журнал действий|Audit log)$/ }).click();
  await expect(page.getByText('staff.invite').first()).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
});

test('a content editor sees no subscribers or money, and finance changes nothing', async ({ page }) => {
  await consoleSignIn(page, 'editor@efir.example', 'efir24-staff');
  const menu = page.getByRole('navigation', { name: /Разделы консоли|Console sections/ });
  await expect(menu.getByRole('link', { name: /^(Абоненты|Subscribers)$/ })).toHaveCount(0);
  await page.goto('/operator/subscribers');
  await expect(page.getByRole('textbox', { name: /Найти абонента|Find a subscriber/ })).toHaveCount(0);
  const denied = await page.request.get('/v2/operator/subscribers?q=7900');
  expect(denied.status()).toBe(403);

  await page.getByRole('button', { name: /^(Выйти|Sign out)$/ }).click();
  await consoleSignIn(page, 'finance@efir.example', 'efir24-staff');
  await expect(menu.getByRole('link', { name: /^(Сотрудники|Staff)$/ })).toHaveCount(0);
  await page.getByRole('link', { name: /^(Абоненты|Subscribers)$/ }).click();
  await page.getByLabel(/Найти абонента|Find a subscriber/).fill('shopper');
  await page.getByRole('button', { name: /^(Найти|Search)$/ }).click();
  await page.getByRole('row').filter({ hasText: 'shopper' }).getByRole('link').first().click();
  await expect(page.getByText(/1\s?000/).first()).toBeVisible();
  // The server refuses a change whatever the page shows.
  const me = await (await page.request.get('/v2/operator/me')).json();
  const change = await page.request.post('/v2/operator/staff', {
    data: { email: 'x@efir.example', role: 'support' },
    headers: { 'X-CSRF-Token': me.csrf_token },
  });
  expect(change.status()).toBe(403);
});
