import { expect, test, type Page, type Response } from '@playwright/test';
import { signInByPhone } from './helpers/auth';
import { appReady } from './helpers/app';

// The home page of rows (spec 2 "/", "Row and tile templates", 4 "Slider and row loading"),
// a row's full list, the movies filter page and a child profile's home. Re-runnable on one
// server: every test starts a new browser (a new guest) and signs in with a new phone.

/** Rows drawn with their tiles (the slider and titled rows carry data-row-id). */
const drawnRows = (page: Page) => page.locator('main [data-row-id]');

async function openHome(page: Page) {
  await page.goto('/');
  await appReady(page);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(drawnRows(page).first()).toBeVisible({ timeout: 20_000 });
}

/** Scrolls to the bottom until no skeleton rows are left (every lazy row has loaded). */
async function scrollThrough(page: Page) {
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(250);
    const pending = await page.locator('main [data-skeleton]').count();
    const atEnd = await page.evaluate(() => window.innerHeight + window.scrollY >= document.body.scrollHeight - 4);
    if (pending === 0 && atEnd) return;
  }
}

test('home shows its first rows with tiles at once and loads more on scroll', async ({ page }) => {
  const rowCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/v2\/rows\/[^/?]+/.test(new URL(r.url()).pathname)) rowCalls.push(r.url());
  });
  await openHome(page);
  // The first 4 rows come with the rowset, each with tiles (links or buttons).
  const first = drawnRows(page);
  await expect.poll(() => first.count()).toBeGreaterThanOrEqual(4);
  for (let i = 0; i < 4; i++) {
    await expect(first.nth(i).locator('a, button').first()).toBeAttached();
  }
  // The promo slider: dots, and the More button leads somewhere.
  const slider = page.locator('main section[aria-roledescription]').first();
  await expect(slider).toBeVisible();
  expect(await slider.getByRole('button', { name: /слайд|slide/i }).count()).toBeGreaterThan(1);
  // Posters are real images with their intrinsic size.
  const poster = page.locator('main [data-template="content-v"] img').first();
  await expect(poster).toHaveAttribute('width', '282');
  await expect(poster).toHaveAttribute('decoding', 'async');

  const before = await drawnRows(page).count();
  expect(rowCalls.length).toBe(0);
  await scrollThrough(page);
  await expect.poll(() => drawnRows(page).count()).toBeGreaterThan(before);
  expect(rowCalls.length).toBeGreaterThan(0);
  // Every lazy row was asked for with the spec's page size of its template.
  for (const url of rowCalls) expect(new URL(url).searchParams.get('limit')).toMatch(/^(18|21|24)$/);
});

test('the served page draws the first row of posters before the app, which then takes it over', async ({ browser, page }) => {
  // Without running any script, the page already shows the first banner and posters that lead to their films.
  const bare = await browser.newContext({ javaScriptEnabled: false, locale: 'ru-RU', viewport: { width: 1366, height: 900 } });
  const still = await bare.newPage();
  await still.goto('/');
  const posters = still.locator('#first-screen [data-template="content-v"] img');
  await expect.poll(() => posters.count()).toBeGreaterThanOrEqual(5);
  await expect(posters.first()).toBeVisible();
  expect(await posters.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(still.locator('#first-screen a[href^="/contents/"]').first()).toBeVisible();
  await bare.close();

  // With the app: once its rows are drawn the server's screen is gone and one main area is left.
  await openHome(page);
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.locator('main [data-template="content-v"] img').first()).toHaveAttribute('decoding', 'async');
});

test("a row's open-all tile reaches /row/{slug} and its full list", async ({ page }) => {
  await openHome(page);
  const openAll = page.locator('main a[data-open-all]').first();
  await openAll.scrollIntoViewIfNeeded();
  const rowTitle = (await openAll.getAttribute('aria-label'))!.replace(/^[^:]+:\s*/, '');
  await openAll.click();
  await expect(page).toHaveURL(/\/row\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: rowTitle })).toBeVisible();
  const tiles = page.getByRole('main').getByRole('list').first().getByRole('listitem');
  await expect.poll(() => tiles.count()).toBeGreaterThan(6);
  // An unknown row is the not-found page.
  await page.goto('/row/no-such-row-anywhere');
  await expect(page.getByText('404')).toBeVisible();
});

test('the movies filter page narrows its results by genre', async ({ page }) => {
  await page.goto('/movies');
  const count = page.getByText(/^Найден[оа]? \d+/);
  await expect(count).toBeVisible({ timeout: 20_000 });
  const total = Number((await count.textContent())!.match(/\d+/)![0]);
  expect(total).toBeGreaterThan(20);
  const genre = page.getByRole('combobox', { name: 'Жанр', exact: true });
  const value = await genre.locator('option').nth(1).getAttribute('value');
  await genre.selectOption(value!);
  await expect(page).toHaveURL(new RegExp(`[?&]genre=${value}`));
  await expect.poll(async () => Number(((await count.textContent()) ?? '').match(/\d+/)?.[0] ?? total)).toBeLessThan(total);
  // Clear brings the whole list back.
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await expect(page).toHaveURL(/\/movies$/);
  await expect.poll(async () => Number(((await count.textContent()) ?? '').match(/\d+/)?.[0] ?? 0)).toBe(total);
});

test("a child profile's home shows nothing above 12", async ({ page }) => {
  await openHome(page);
  await signInByPhone(page, `7901${String(Date.now()).slice(-7)}`);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Token ${token}` };
  const created = await page.request.post('/v2/users/self/profiles', { headers, data: { name: 'Kid', role: 'child' } });
  expect(created.status()).toBe(201);
  const kid = (await created.json()) as { id: number };
  const switched = await page.request.post('/v2/users/self/profile', { headers, data: { profile_id: kid.id } });
  expect(switched.ok()).toBeTruthy();
  await page.evaluate((p) => localStorage.setItem('profile', JSON.stringify(p)), await switched.json());

  // Every content the home page receives (the rowset and the lazy rows) is for 12 and under.
  const ages: number[] = [];
  let reading = 0; // row answers whose bodies are still being read
  const collect = async (res: Response) => {
    const path = new URL(res.url()).pathname;
    if (!/^\/v2\/(rowsets\/startpage|rows\/)/.test(path) || !res.ok()) return;
    reading++;
    const body = await res.json().catch(() => null);
    reading--;
    const walk = (x: unknown) => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') {
        const o = x as Record<string, unknown>;
        if (typeof o.content_type === 'string' && typeof o.age === 'number') ages.push(o.age);
        Object.values(o).forEach(walk);
      }
    };
    walk(body);
  };
  page.on('response', (r) => void collect(r));
  await page.goto('/');
  await appReady(page);
  await expect(drawnRows(page).first()).toBeVisible({ timeout: 20_000 });
  await scrollThrough(page);
  // The last rows' answers are read before their ages are.
  await expect.poll(() => reading).toBe(0);
  expect(ages.length).toBeGreaterThan(10);
  expect(Math.max(...ages)).toBeLessThanOrEqual(12);
  // The 16+ and 18+ demo films are nowhere on the page.
  for (const title of ['Ночной клуб', 'Тёмная вода', 'Матрица снов']) {
    await expect(page.locator('main a[data-content-id]').filter({ hasText: title })).toHaveCount(0);
  }
  const badges = await page.locator('main a[data-content-id]').allInnerTexts();
  for (const text of badges) {
    const age = text.match(/(\d+)\+/);
    if (age) expect(Number(age[1])).toBeLessThanOrEqual(12);
  }
});
