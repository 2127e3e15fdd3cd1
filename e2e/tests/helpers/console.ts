import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

// The operator console (/operator): staff sign-in and the authenticator's codes.

/** Signs a staff member in on the console's sign-in page (no second factor asked). */
export async function consoleSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/operator/login');
  await page.getByLabel(/^(Эл\. почта|E-mail)$/).fill(email);
  await page.getByLabel(/^(Пароль|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  await expect(page.getByRole('navigation', { name: /Разделы консоли|Console sections/ })).toBeVisible({ timeout: 20_000 });
}

/** An RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret at `at`. */
export function totp(secret: string, at: number = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/\s+/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const sum = createHmac('sha1', key).update(msg).digest();
  const o = sum[sum.length - 1] & 0x0f;
  return String((sum.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export interface InvitedAdmin {
  email: string;
  password: string;
  /** The authenticator's secret (base32). */
  secret: string;
}

/**
 * The owner on `page` (signed in) invites an admin, who sets a password by the one-time link
 * and enrols an authenticator in `admin` (another browser context): the admin is signed in
 * there when this returns.
 */
export async function inviteAdmin(page: Page, admin: Page): Promise<InvitedAdmin> {
  await page.getByRole('link', { name: /^(Сотрудники|Staff)$/ }).click();
  const email = `ops${Date.now()}@efir.example`;
  const invite = page.locator('form').filter({ hasText: /Пригласить|Invite/ });
  await invite.getByLabel(/^(Эл\. почта|E-mail)$/).fill(email);
  await invite.getByLabel(/^(Роль|Role)$/).selectOption('admin');
  await invite.getByRole('button', { name: /^(Пригласить|Invite)$/ }).click();
  const link = await page
    .getByLabel(/Ссылка настройки|Set-up link/)
    .inputValue()
    .catch(async () => (await page.getByText(/\/operator\/setup\?token=/).first().textContent()) ?? '');
  expect(link).toMatch(/\/operator\/setup\?token=/);

  const password = 'a strong console password';
  await admin.goto(new URL(link).pathname + new URL(link).search);
  await admin.getByLabel(/^(Новый пароль|New password)$/).fill(password);
  await admin.getByLabel(/^(Повторите пароль|Repeat the password)$/).fill(password);
  await admin.getByRole('button', { name: /^(Задать пароль|Set the password)$/ }).click();
  await admin.getByLabel(/^(Пароль|Password)$/).fill(password);
  await admin.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  await expect(admin.getByRole('img', { name: /QR/ })).toBeVisible();
  const secret = (await admin.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  await admin.getByLabel(/^(Код|Code)$/).fill(totp(secret));
  await admin.getByRole('button', { name: /^(Подтвердить|Confirm)$/ }).click();
  await expect(admin.getByText(/Резервные коды|Recovery codes/).first()).toBeVisible();
  await admin.getByRole('button', { name: /Коды сохранены|I saved them|Codes saved/ }).click();
  await expect(admin.getByRole('navigation', { name: /Разделы консоли|Console sections/ })).toBeVisible();
  return { email, password, secret };
}

/**
 * Signs a member with an authenticator in: the password, then the code. The code is the
 * next 30-second step's (the server accepts one step of drift), so a code just used at
 * enrolment is never replayed.
 */
export async function consoleSignInWithCode(page: Page, email: string, password: string, secret: string): Promise<void> {
  await page.goto('/operator/login');
  await page.getByLabel(/^(Эл\. почта|E-mail)$/).fill(email);
  await page.getByLabel(/^(Пароль|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(Войти|Sign in)$/ }).click();
  await page.getByLabel(/^(Код|Code)$/).fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: /^(Подтвердить|Confirm)$/ }).click();
  await expect(page.getByRole('navigation', { name: /Разделы консоли|Console sections/ })).toBeVisible({ timeout: 20_000 });
}
