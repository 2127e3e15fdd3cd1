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
