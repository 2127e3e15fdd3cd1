import { expect, test } from '@playwright/test';
import { consoleSignIn, inviteAdmin } from './helpers/console';

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

  // An admin is invited (the one-time link is shown once), sets a password by the link in
  // another browser and enrols an authenticator.
  const context = await browser.newContext();
  const { email } = await inviteAdmin(page, await context.newPage());
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
