import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { authDialog, authNames, openAuthModal, passwordNames, readOutboxCode } from './helpers/auth';
import { appReady } from './helpers/app';

// Accessibility of the main screens: axe (WCAG 2.1 A and AA rules) finds no serious or
// critical violation on any of them, at a desktop and a phone width, and none of them logs
// a console error, a warning or a CSP violation. Motion is reduced so no screen is scanned
// half-faded in.

const widths = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let phoneSeq = 0;
function freshPhone(): string {
  // 7900 + 7 digits: unique per run and per call (one code per phone per minute).
  return `7900${String((Date.now() + phoneSeq++ * 7919) % 10_000_000).padStart(7, '0')}`;
}

async function expectAccessible(page: Page, screen: string, ready: Locator): Promise<void> {
  await expect(ready).toBeVisible();
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Each problem with up to five of its elements (and, for contrast, the colours found).
  const report = blocking.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data ?? '')}`);
    return `${screen}: ${v.id} (${v.impact}) ${v.help}\n    ${nodes.join('\n    ')}`;
  });
  expect.soft(report, report.join('\n')).toEqual([]);
}

const heading = (page: Page, name?: RegExp) => page.getByRole('heading', { level: 1, name });

/**
 * Console errors and warnings, page errors and CSP violations of a page. The one expected
 * failed request: POST /v2/otps answers 400 invalid_phone for a phone not registered yet
 * (the client then registers it and sends again).
 */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    if (/status of 400/.test(msg.text()) && /\/v2\/otps(\?|$)/.test(msg.location().url)) return;
    problems.push(`${msg.type()}: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});
test.afterEach(() => {
  expect(problems, 'console errors, warnings or CSP violations').toEqual([]);
});

for (const w of widths) {
  test.describe(`${w.name} (${w.viewport.width} px)`, () => {
    test.use({ viewport: w.viewport, isMobile: w.isMobile, hasTouch: w.isMobile });

    test('guest screens: home, a placeholder, channels, channel viewer, geo lock, agreement, sign-in', async ({ page }) => {
      await page.goto('/');
      await appReady(page);
      await expectAccessible(page, 'home', page.locator('main [data-row-id]').first());

      await page.goto('/movies');
      await expectAccessible(page, 'placeholder /movies', heading(page, /Фильмы/));

      await page.goto('/channels');
      await expectAccessible(page, '/channels', heading(page, /Телеканалы/));

      await page.goto('/channels/popular/efir-1');
      await expectAccessible(page, 'channel viewer', page.locator('[data-channel-id][data-view] video'));

      await page.goto('/geo_lock');
      await expectAccessible(page, '/geo_lock', heading(page));

      await page.goto('/agreement');
      const legal = page.getByRole('dialog');
      await expectAccessible(page, '/agreement', legal.getByRole('heading', { level: 3 }).first().or(legal.locator('p').first()));

      await page.goto('/');
      await appReady(page);
      const dialog = await openAuthModal(page);
      await expectAccessible(page, '#auth phone step', dialog.getByLabel(authNames.phone));

      await dialog.getByRole('tab', { name: passwordNames.tab }).click();
      await expectAccessible(page, '#auth login tab', dialog.getByLabel(passwordNames.login));
    });

    test('signed-in screens: code step, account menu, settings, profiles editor, PIN entry', async ({ page, baseURL }) => {
      const phone = freshPhone();
      await page.goto('/');
      await appReady(page);
      const dialog = await openAuthModal(page);
      const after = Math.floor(Date.now() / 1000) - 1;
      await dialog.getByLabel(authNames.phone).fill(phone);
      await dialog.getByRole('button', { name: authNames.sendCode }).click();
      const codeInput = dialog.getByLabel(authNames.code);
      await expectAccessible(page, '#auth code step', codeInput);
      await codeInput.fill(await readOutboxCode(page.request, baseURL!, phone, { after }));
      await dialog.getByRole('button', { name: authNames.confirm }).click();
      await expect(authDialog(page)).toBeHidden();

      // The open account menu with its profile list.
      await page.getByRole('button', { name: authNames.accountMenu }).click();
      await expectAccessible(page, 'account menu', page.getByRole('list', { name: 'Профили' }).getByRole('button').first());
      await page.keyboard.press('Escape');

      const settings = page.getByRole('dialog');
      await page.goto('/settings');
      await expectAccessible(page, '/settings', settings.getByRole('heading', { name: 'Профили' }));

      await page.goto('/settings/account');
      await expectAccessible(page, '/settings/account', settings.getByLabel('Имя'));

      await page.goto('/settings/devices');
      await expectAccessible(page, '/settings/devices', settings.getByText('Это устройство'));

      await page.goto('/settings/language/interface');
      await expectAccessible(page, '/settings/language/interface', settings.getByRole('radio', { name: 'English' }));

      await page.goto('/settings/profiles');
      await settings.getByRole('button', { name: /Изменить/ }).first().click();
      await expectAccessible(page, 'profile editor', settings.getByLabel('Имя профиля'));

      await page.goto('/#pincode');
      await expectAccessible(page, '#pincode', page.getByRole('dialog').getByLabel(/PIN-код, 4 цифры/));
    });
  });
}

// Keyboard-only use: Tab and Shift+Tab stay inside an open modal, Enter submits, Escape
// closes, and the focus goes back to the control that opened the modal.

/** Presses `key` `times` times and checks after each press that the focus is inside `dialog`. */
async function expectFocusTrapped(page: Page, dialog: Locator, key: 'Tab' | 'Shift+Tab', times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `${key} #${i + 1}`).toBe(true);
  }
}

test.describe('keyboard', () => {
  test('the sign-in modal: opened with Enter, focus trapped, Enter submits, Escape closes and restores focus', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    const signIn = page.getByRole('banner').getByRole('link', { name: /^(Войти|Sign in)$/ });
    await signIn.focus();
    await page.keyboard.press('Enter');
    const dialog = authDialog(page);
    const phone = dialog.getByLabel(authNames.phone);
    await expect(phone).toBeFocused();

    await expectFocusTrapped(page, dialog, 'Tab', 8);
    await expectFocusTrapped(page, dialog, 'Shift+Tab', 8);

    // The tabs follow the arrow keys; Enter in the phone field submits the form.
    await dialog.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: passwordNames.tab })).toBeFocused();
    await expect(dialog.getByRole('tab', { name: passwordNames.tab })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await phone.focus();
    await page.keyboard.type('900');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Неверный номер телефона')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(signIn).toBeFocused();
  });

  test('settings by keyboard and the PIN entry', async ({ page, baseURL }) => {
    const phone = freshPhone();
    await page.goto('/');
    await appReady(page);
    const auth = await openAuthModal(page);
    const after = Math.floor(Date.now() / 1000) - 1;
    await auth.getByLabel(authNames.phone).fill(phone);
    await page.keyboard.press('Enter');
    const code = auth.getByLabel(authNames.code);
    await expect(code).toBeFocused();
    await page.keyboard.type(await readOutboxCode(page.request, baseURL!, phone, { after }));
    await page.keyboard.press('Enter');
    await expect(auth).toBeHidden();

    // The account menu opens with Enter; its settings link opens the settings modal page.
    const menu = page.getByRole('button', { name: authNames.accountMenu });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    await page.goto('/settings');
    const settings = page.getByRole('dialog');
    // A modal page takes the focus itself; Tab walks its sections, Enter opens one.
    await expect(settings).toBeFocused();
    const devices = settings.getByRole('link', { name: 'Устройства' });
    for (let i = 0; i < 15 && !(await devices.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(devices).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/devices$/);
    await expect(settings.getByText('Это устройство')).toBeVisible();
    await expectFocusTrapped(page, settings, 'Shift+Tab', 12);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // PIN entry: the field has the focus, digits go in from the keyboard, Escape closes.
    await page.goto('/#pincode');
    const pin = page.getByRole('dialog').getByLabel(/PIN-код, 4 цифры/);
    await expect(pin).toBeFocused();
    await page.keyboard.type('12');
    await expect(pin).toHaveValue('12');
    await expectFocusTrapped(page, page.getByRole('dialog'), 'Tab', 4);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).not.toHaveURL(/#pincode/);
  });
});
