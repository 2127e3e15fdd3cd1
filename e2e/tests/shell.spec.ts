import { expect, test, type Page } from '@playwright/test';
import { appReady } from './helpers/app';

// The web shell on the real binary: the built client passes the server's CSP,
// routes and layouts behave as the spec's route table says, and the API keeps
// its error shape.

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

test('a guest gets the home view with no script errors or CSP violations', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/');
  await appReady(page);
  // The start page rowset's SEO heading (h1 from rowset.seo).
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeAttached();
  await expect(page.locator('main [data-row-id]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/page_home/);
  // The guest sequence stored a device-bound session.
  const token = await page.evaluate(() => localStorage.getItem('accessToken') ?? document.cookie);
  expect(token).toBeTruthy();
  expect(problems).toEqual([]);
});

test('unknown paths show the not-found page and /open_mobile_app renders nothing', async ({ page }) => {
  // /{slug} is a rowset page; a path naming no rowset is the not-found page.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена.' })).toBeVisible();
  await page.goto('/open_mobile_app');
  await expect(page.locator('#root')).toBeEmpty();
});

test('later areas render a page inside the layout with a body class of their segment', async ({ page }) => {
  await page.goto('/channels');
  await expect(page.locator('body')).toHaveClass(/page_channels/);
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('a modal page opens over the page below it and Escape closes it', async ({ page }) => {
  await page.goto('/channels');
  await page.getByRole('link', { name: /Пользовательское соглашение|соглашение/i }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/agreement$/);
  // The page below stays rendered under the modal page.
  await expect(page.locator('body')).toHaveClass(/page_agreement/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/channels$/);
});

test('hash modals follow the URL and the overlay closes them', async ({ page }) => {
  await page.goto('/#auth');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5); // the overlay, outside the dialog
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/#auth/);
});

test('narrow screens get the bottom navigation, wide ones do not', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await appReady(page);
  const bottom = page.getByRole('navigation', { name: 'Быстрая навигация' });
  await expect(bottom).toBeHidden();
  await page.setViewportSize({ width: 1023, height: 800 });
  await expect(bottom).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bottom).toBeVisible();
  await bottom.getByRole('link', { name: 'Телеканалы' }).click();
  await expect(page).toHaveURL(/\/channels$/);
});

test.describe('a phone held sideways (touch only, 1200 px wide)', () => {
  test.use({ viewport: { width: 1200, height: 560 }, isMobile: true, hasTouch: true });

  test('gets the narrow layout: the bottom navigation and no header menu', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    await expect(page.getByRole('navigation', { name: 'Быстрая навигация' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Главное меню' })).toBeHidden();
  });
});

test('development-only pages do not exist in the built client', async ({ page }) => {
  await page.goto('/test');
  await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена.' })).toBeVisible();
});

test('the API answers unknown paths and methods in the error shape', async ({ request }) => {
  const missing = await request.get('/v2/no/such/thing', { headers: { 'Accept-Language': 'en' } });
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error).toMatchObject({ type: 'not_found', message: 'Not found.' });
  const wrongMethod = await request.delete('/v2/platform/configuration');
  expect(wrongMethod.status()).toBe(405);
  expect((await wrongMethod.json()).error.type).toBe('method_not_allowed');
  const noToken = await request.get('/v2/users/self');
  expect(noToken.status()).toBe(401);
  expect((await noToken.json()).error.type).toBe('authentication_failed');
  const health = await request.get('/healthz');
  expect(health.ok()).toBeTruthy();
  const locale = await request.get('/locales/kk/translation.json');
  expect(locale.ok()).toBeTruthy();
});
