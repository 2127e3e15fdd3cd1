import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { storedToken } from './tv';

// Sign-in helpers shared by the journeys (keep their signatures stable).
//
// They rely on these accessible names (ru = the Playwright locale, en as a fallback):
//   dialog                 role dialog inside [data-modal="auth"] (its title comes from network data)
//   phone input (label)    "Номер телефона" | "Phone number"
//   send button            "Получить код" | "Get code"
//   code input (label)     "Код подтверждения" | "Confirmation code"
//   confirm button         "Подтвердить" | "Confirm"
//   signed-in header       button "Меню аккаунта" | "Account menu"
//   password tab           tab "По логину" | "With login"
//   login / password       "Логин" | "Login", "Пароль" | "Password"; submit "Войти" | "Sign in"

export const authNames = {
  phone: /^(Номер телефона|Phone number)$/,
  sendCode: /^(Получить код|Get code)$/,
  code: /^(Код подтверждения|Confirmation code)$/,
  confirm: /^(Подтвердить|Confirm)$/,
  accountMenu: /^(Меню аккаунта|Account menu)$/,
} as const;

interface OutboxEntry {
  created_at: number;
  phone: string;
  code: string;
  text: string;
}

/**
 * Polls GET /v2/dev/outbox?phone= (EFIR_DEV=true) until a message with a code exists and
 * answers the newest code. `after` (Unix seconds) ignores older messages.
 */
export async function readOutboxCode(
  request: APIRequestContext,
  baseURL: string,
  phone: string,
  opts: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const digits = phone.replace(/\D/g, '');
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  const url = `${baseURL.replace(/\/$/, '')}/v2/dev/outbox?phone=${encodeURIComponent(digits)}`;
  for (;;) {
    const res = await request.get(url);
    if (res.ok()) {
      const entries = (await res.json()) as OutboxEntry[];
      const newest = entries
        .filter((e) => e.code && e.phone.replace(/\D/g, '') === digits && e.created_at >= (opts.after ?? 0))
        .sort((a, b) => b.created_at - a.created_at)[0];
      if (newest) return newest.code;
    }
    if (Date.now() > deadline) throw new Error(`no one-time code in the outbox for ${digits}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The #auth modal. */
export function authDialog(page: Page): Locator {
  return page.locator('[data-modal="auth"]').getByRole('dialog');
}

/** Opens the #auth modal over the current page (the home page when nothing is open yet). */
export async function openAuthModal(page: Page): Promise<Locator> {
  if (!page.url().startsWith('http')) await page.goto('/');
  const dialog = authDialog(page);
  // The app must have started (header shown) before the hash is set.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      await page.evaluate(() => {
        if (window.location.hash !== '#auth') window.location.hash = 'auth';
        else window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      });
    }
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

/**
 * Signs in by phone (11 digits, e.g. 79001234567; a phone not registered yet is
 * registered on the fly) and waits for the signed-in header.
 */
export async function signInByPhone(page: Page, phone: string): Promise<void> {
  const dialog = await openAuthModal(page);
  const baseURL = new URL(page.url()).origin;
  const after = Math.floor(Date.now() / 1000) - 1;
  await dialog.getByLabel(authNames.phone).fill(phone.replace(/\D/g, ''));
  await dialog.getByRole('button', { name: authNames.sendCode }).click();
  const codeInput = dialog.getByLabel(authNames.code);
  await expect(codeInput).toBeVisible();
  const code = await readOutboxCode(page.request, baseURL, phone, { after });
  await codeInput.fill(code);
  await dialog.getByRole('button', { name: authNames.confirm }).click();
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Accessible names of the login-and-password tab (ru | en), used by signInWithPassword. */
export const passwordNames = {
  tab: /^(По логину|With login)$/,
  login: /^(Логин|Login)$/,
  password: /^(Пароль|Password)$/,
  submit: /^(Войти|Sign in)$/,
} as const;

/**
 * Signs in with login and password through the password tab of #auth (the demo
 * subscriber is demo / efir24) and waits for the signed-in header.
 */
export async function signInWithPassword(page: Page, login: string, password: string): Promise<void> {
  const dialog = await openAuthModal(page);
  await dialog.getByRole('tab', { name: passwordNames.tab }).click();
  await dialog.getByLabel(passwordNames.login).fill(login);
  await dialog.getByLabel(passwordNames.password).fill(password);
  await dialog.getByRole('button', { name: passwordNames.submit }).click();
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toBeVisible();
  await expect(dialog).toBeHidden();
}

/**
 * Sets the signed-in viewer's parental PIN through the API (with the page's stored token)
 * and returns that token. Giving the same PIN as the current one lets a test run again on
 * the same server, where the PIN is then already set.
 */
export async function setParentalPin(page: Page, pin: string): Promise<string> {
  const token = await storedToken(page);
  const res = await page.request.patch('/v2/users/self', {
    headers: { Authorization: `Token ${token}` },
    data: { parental_code: pin, current_parental_code: pin },
  });
  expect(res.ok()).toBeTruthy();
  return token;
}

/** A profile's button in the account menu's list of profiles (the menu open). */
export function menuProfile(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Профили' }).getByRole('button', { name });
}
