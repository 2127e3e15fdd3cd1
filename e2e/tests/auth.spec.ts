import { expect, test, type Page } from '@playwright/test';
import { authDialog, authNames, openAuthModal, readOutboxCode, signInByPhone } from './helpers/auth';
import { appReady } from './helpers/app';

// Sign-in journeys (spec access-and-identity 2, 4, 5, 8) against the real binary.

/** A phone nobody used yet: unknown phones are registered on the fly. */
function freshPhone(): string {
  return `7902${String(Date.now() % 10_000_000).padStart(7, '0')}`;
}

async function expectGuest(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: /^(Войти|Sign in)$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toHaveCount(0);
}

test('a guest opens the home page: a guest session, no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const guestCreated = page.waitForResponse((r) => r.url().endsWith('/v2/users') && r.request().method() === 'POST');
  await page.goto('/');
  await appReady(page);
  expect((await guestCreated).status()).toBe(201);
  await expectGuest(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('signs in by phone with the code from the outbox (a fresh phone is registered), then logs out', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await expectGuest(page);
  const registered = page.waitForResponse(
    (r) => r.url().endsWith('/v2/users') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('"phone"'),
  );
  await signInByPhone(page, freshPhone());
  expect((await registered).status()).toBe(201);

  // Still signed in after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toBeVisible();

  // Log out: a guest again.
  await page.getByRole('button', { name: authNames.accountMenu }).click();
  await page.getByRole('button', { name: /^(Выйти|Log out)$/ }).click();
  await page.getByRole('button', { name: /^(Выйти|Log out)$/ }).click();
  await expectGuest(page);
});

test('a wrong code shows the server error; the right one signs in', async ({ page, baseURL }) => {
  await page.goto('/');
  await appReady(page);
  const dialog = await openAuthModal(page);
  const phone = freshPhone();

  // A phone shorter than the mask: error under the field, nothing sent.
  let sent = 0;
  page.on('request', (r) => r.url().includes('/v2/otps') && sent++);
  await dialog.getByLabel(authNames.phone).fill('900123');
  await dialog.getByRole('button', { name: authNames.sendCode }).click();
  await expect(dialog.getByText(/Неверный номер телефона|Wrong phone number/)).toBeVisible();
  expect(sent).toBe(0);

  await dialog.getByLabel(authNames.phone).fill(phone);
  await expect(dialog.getByLabel(authNames.phone)).toHaveValue(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
  await dialog.getByRole('button', { name: authNames.sendCode }).click();
  const code = dialog.getByLabel(authNames.code);
  await expect(code).toBeVisible();
  await expect(code).toBeFocused();
  const confirm = dialog.getByRole('button', { name: authNames.confirm });

  await code.fill('12');
  await expect(confirm).toBeDisabled();
  const right = await readOutboxCode(page.request, baseURL!, phone);
  const wrong = right === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText(/Неверный код|Wrong code|code/i);
  await expect(dialog.getByText(/Отправить повторно через \d+ с|Send again in \d+ s/)).toBeVisible();

  await code.fill(right);
  await confirm.click();
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toBeVisible();
  await expect(authDialog(page)).toBeHidden();
});

test('login and password: validation, server error, then demo / efir24', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  const dialog = await openAuthModal(page);
  await dialog.getByRole('tab', { name: /^(По логину|With login)$/ }).click();
  const login = dialog.getByRole('textbox', { name: /^(Логин|Login)$/ });
  const password = dialog.getByLabel(/^(Пароль|Password)$/);
  const submit = dialog.getByRole('button', { name: /^(Войти|Sign in)$/ });

  let sent = 0;
  page.on('request', (r) => r.url().includes('/v2/auth/login') && r.method() === 'POST' && sent++);
  const sentBefore = sent;

  await submit.click();
  await expect(dialog.getByText(/^(Обязательное поле|Required)$/)).toHaveCount(2);

  await login.fill('toolonglogin');
  await password.fill('1234567');
  await submit.click();
  await expect(dialog.getByText(/Максимум символов: 8|Maximum characters: 8/)).toBeVisible();
  await expect(dialog.getByText(/Максимум символов: 6|Maximum characters: 6/)).toBeVisible();
  expect(sent).toBe(sentBefore);

  await login.fill('demo');
  await password.fill('nope');
  await submit.click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toHaveCount(0);

  await password.fill('efir24');
  await submit.click();
  await expect(page.getByRole('button', { name: authNames.accountMenu })).toBeVisible();
  await expect(authDialog(page)).toBeHidden();
});

test('a guest who opens the personal account signs in and returns there', async ({ page }) => {
  await page.goto('/lk');
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await signInByPhone(page, freshPhone());
  await expect(page).toHaveURL(/\/lk$/);
});
