import { expect, test, type Locator, type Page } from '@playwright/test';
import { authNames, menuProfile, signInByPhone } from './helpers/auth';
import { appReady } from './helpers/app';

// The account journey of one viewer on the real binary (fresh database, ru locale):
// guest -> phone sign-in -> child profile -> two-step PIN -> PIN on the way back to the
// adult profile (wrong, then right) -> a second device removed -> English and back ->
// log out to a guest again. Everything is asserted as the viewer sees it.

const PIN = '4826';
const WRONG_PIN = '0000';

function freshPhone(): string {
  return `7900${String(Date.now() % 10_000_000).padStart(7, '0')}`;
}

function accountMenu(page: Page): Locator {
  return page.getByRole('button', { name: authNames.accountMenu });
}

async function openFromAccountMenu(page: Page, item: string | RegExp): Promise<void> {
  await accountMenu(page).click();
  await page.getByRole('link', { name: item }).click();
}

/** The account menu's profile buttons (open the menu first). */
function settingsDialog(page: Page): Locator {
  return page.locator('[data-modal="settings"]').getByRole('dialog');
}

async function openSettingsSection(page: Page, section: string | RegExp): Promise<Locator> {
  const dialog = settingsDialog(page);
  if (!(await dialog.isVisible())) await openFromAccountMenu(page, /^(Настройки|Settings)$/);
  await dialog.getByRole('navigation').getByRole('link', { name: section }).click();
  await expect(dialog.getByRole('heading', { level: 3, name: section })).toBeVisible();
  return dialog;
}

async function typePin(dialog: Locator, label: string | RegExp, pin: string): Promise<void> {
  const input = dialog.getByLabel(label);
  await expect(input).toBeFocused();
  await input.pressSequentially(pin);
}

test('a viewer signs in, uses profiles with a PIN, removes a device, switches language and logs out', async ({ page }) => {
  test.setTimeout(120_000);
  const phone = freshPhone();

  // A guest on the home page.
  await page.goto('/');
  await appReady(page);
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();

  // Sign in by phone with the code from the outbox.
  await signInByPhone(page, phone);
  await expect(page.getByRole('link', { name: 'Войти' })).toHaveCount(0);

  // The account shows the phone in the operator's mask; closing the settings opened from
  // the menu (whose link went with the menu) gives the focus to the menu button.
  const shownPhone = `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
  let settings = await openSettingsSection(page, 'Аккаунт');
  await expect(settings.getByText(`Телефон: ${shownPhone}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(accountMenu(page)).toBeFocused();

  // Create a child profile in the profile management section.
  settings = await openSettingsSection(page, 'Профили');
  await settings.getByRole('button', { name: 'Новый профиль' }).click();
  await settings.getByLabel('Имя профиля').fill('Дети');
  await settings.getByRole('switch', { name: 'Детский профиль' }).check();
  await settings.getByRole('button', { name: 'Создать профиль' }).click();
  await expect(settings.getByRole('listitem').filter({ hasText: 'Дети' })).toContainText('Детский');

  // Switch to it from the account menu's profile list: no PIN asked.
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await accountMenu(page).click();
  await expect(menuProfile(page, 'Профиль 1')).toHaveAttribute('aria-current', 'true');
  await menuProfile(page, 'Дети').click();
  await expect(accountMenu(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('[data-modal="pincode"]')).toHaveCount(0);
  await expect(accountMenu(page)).toContainText('Дети');
  await expect(accountMenu(page)).toBeFocused();

  // Set a PIN in two steps (a mismatch first).
  settings = await openSettingsSection(page, 'Родительский контроль');
  await expect(settings.getByText('PIN-код не установлен')).toBeVisible();
  await settings.getByRole('button', { name: 'Установить PIN' }).click();
  const pinSet = page.locator('[data-modal="parental_set"]').getByRole('dialog');
  await typePin(pinSet, 'Введите новый PIN-код', PIN);
  await typePin(pinSet, 'Повторите PIN-код', '1111');
  await expect(pinSet.getByRole('alert')).toHaveText('Коды не совпадают');
  await typePin(pinSet, 'Повторите PIN-код', PIN);
  await expect(pinSet).toBeHidden();
  await expect(settings.getByText('PIN-код установлен')).toBeVisible();

  // Back to the adult profile: the PIN is asked; a wrong one shows the error.
  await page.keyboard.press('Escape');
  await accountMenu(page).click();
  await expect(menuProfile(page, 'Дети')).toHaveAttribute('aria-current', 'true');
  await menuProfile(page, 'Профиль 1').click();
  const pincode = page.locator('[data-modal="pincode"]').getByRole('dialog');
  await expect(pincode.getByRole('heading', { name: 'Введите PIN-код' })).toBeVisible();
  await typePin(pincode, 'PIN-код, 4 цифры', WRONG_PIN);
  await expect(pincode.getByRole('alert')).toContainText('Неверный');
  await expect(accountMenu(page)).toContainText('Дети');
  await pincode.getByLabel('PIN-код, 4 цифры').pressSequentially(PIN);
  await expect(pincode).toBeHidden();
  await expect(accountMenu(page)).toContainText('Профиль 1');
  await expect(accountMenu(page)).toBeFocused();

  // A second device of the same account (a TV registered with the account's token; a
  // second browser signing in by phone would have to wait out the one-code-a-minute rule).
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  const created = await page.request.post('/v2/users/self/devices', {
    headers: { Authorization: `Token ${token}` },
    data: { serial: `e2e-tv-${Date.now()}`, device_type: 'tv', vendor: 'Samsung', model: 'Smart TV', os_name: 'Tizen', os_version: '7', application_type: 'tv' },
  });
  expect(created.ok()).toBe(true);

  // It is listed next to this device and can be removed; this device cannot.
  settings = await openSettingsSection(page, 'Устройства');
  const devices = settings.getByRole('list', { name: 'Устройства' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'Это устройство' })).toHaveCount(1);
  await expect(devices.filter({ hasText: 'Это устройство' }).getByRole('button')).toHaveCount(0);
  await settings.getByRole('button', { name: /^Удалить устройство/ }).click();
  await settings.getByRole('group').getByRole('button', { name: 'Удалить' }).click();
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText('Это устройство');

  // The interface in English and back.
  settings = await openSettingsSection(page, 'Язык');
  await settings.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
  await expect(settings.getByRole('navigation').getByRole('link', { name: 'Devices' })).toBeVisible();
  await settings.getByRole('radio', { name: 'Русский' }).check();
  await expect(page.getByRole('heading', { level: 2, name: 'Настройки' })).toBeVisible();
  await expect(settings.getByRole('navigation').getByRole('link', { name: 'Устройства' })).toBeVisible();

  // Log out after a confirmation: a guest again.
  await settings.getByRole('button', { name: 'Выйти' }).click();
  const confirm = page.locator('[data-modal="confirm"]').getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: /Выйти из аккаунта/ })).toBeVisible();
  await confirm.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
  await expect(settingsDialog(page)).toHaveCount(0);
});
