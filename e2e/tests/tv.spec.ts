import { expect, test } from '@playwright/test';
import { setParentalPin, signInWithPassword } from './helpers/auth';
import { alertWith, expectVideoAdvancing, player, playerClock, viewerChannel } from './helpers/tv';

// Live TV journeys (issue 3) on the real binary with the demo operator: free channels play
// for a guest, catch-up from the schedule starts at the programme's start, the schedule's
// refusals and the live pause refusal show their alerts, PageDown zaps, the 18+ channel asks
// for the PIN, and a favourite channel makes the favourites category appear.

const PIN = '4826';

test('a guest plays a free channel live, then yesterday from the schedule', async ({ page }) => {
  await page.goto('/channels/popular/efir-1');
  await expect(viewerChannel(page)).toHaveAttribute('data-channel-id', '1');
  await expectVideoAdvancing(page);

  // The schedule tab: yesterday, a programme with catch-up that began more than 12 hours
  // ago, picked from the starts the schedule shows (not from the hour: just after midnight
  // the middle of yesterday is barely 12 hours back).
  await page.getByRole('tab', { name: 'Телепрограмма' }).click();
  await page.getByRole('button', { name: 'Вчера' }).click();
  const archived = page.locator('[data-state="archive"][data-start]');
  await expect(archived.first()).toBeVisible();
  const starts = (await archived.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-start'))))).filter(
    (s) => Date.now() / 1000 - s > 12 * 3600,
  );
  expect(starts.length, 'yesterday has catch-up programmes older than 12 hours').toBeGreaterThan(0);
  const start = starts[Math.floor(starts.length / 2)]!;
  await page.locator(`[data-state="archive"][data-start="${start}"]`).click();

  await expect(page).toHaveURL(new RegExp(`/channels/popular/efir-1/${start}$`));
  await expect(player(page)).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
  await expect.poll(async () => Math.abs((await playerClock(page)) - start), { timeout: 20_000 }).toBeLessThanOrEqual(10);
  await expect(page.getByText('Запись', { exact: true })).toBeVisible();
  // It keeps playing the programme (no jump to the live edge of the growing archive list):
  // 15 seconds of it go by, and the player is still at its beginning.
  await expect.poll(async () => (await playerClock(page)) - start, { timeout: 40_000 }).toBeGreaterThan(15);
  expect((await playerClock(page)) - start).toBeLessThan(60);
});

test('a future programme is refused and live pause is refused on a channel without archive', async ({ page }) => {
  await page.goto('/channels/news/weather');
  await expect(viewerChannel(page)).toHaveAttribute('data-channel-id', '35');
  await expectVideoAdvancing(page);

  await page.getByRole('tab', { name: 'Телепрограмма' }).click();
  // Tomorrow's list: all of it is future at any hour (late in the evening today's may not be).
  await page.getByRole('button', { name: 'Завтра' }).click();
  const future = page.locator('[data-state="future"]').first();
  await future.scrollIntoViewIfNeeded();
  await future.click();
  await expect(alertWith(page, 'Эта передача ещё не началась')).toBeVisible();
  await expect(page).toHaveURL(/\/channels\/news\/weather$/);

  // Pause on live with no archive: the warning and the video keeps playing.
  await player(page).hover();
  await page.getByRole('button', { name: 'Пауза' }).click();
  await expect(alertWith(page, 'Пауза доступна только на каналах с архивом')).toBeVisible();
  await expect(player(page)).toHaveAttribute('data-player-state', 'playing');
});

test('PageDown zaps to the next channel of the category', async ({ page }) => {
  await page.goto('/channels/popular/efir-1');
  await expectVideoAdvancing(page);
  const title = await page.getByTestId('programme-title').textContent();
  expect(title).toContain('Эфир Первый');

  await page.locator('body').press('PageDown');
  await expect(page).toHaveURL(/\/channels\/popular\/efir-news$/);
  await expect(viewerChannel(page)).toHaveAttribute('data-channel-id', '2');
  await expect(page.getByTestId('programme-title')).toContainText('Эфир Новости');
  await expectVideoAdvancing(page);

  await page.locator('body').press('PageUp');
  await expect(page).toHaveURL(/\/channels\/popular\/efir-1$/);
});

test('a signed-in viewer: the 18+ channel asks for the PIN, a favourite makes its category appear', async ({ page }) => {
  await page.goto('/channels');
  await signInWithPassword(page, 'demo', 'efir24');

  // A PIN for the account (the journey spec sets one through the settings; here the API).
  const token = await setParentalPin(page, PIN);
  // Start without favourites, whatever an earlier run left.
  const auth = { Authorization: `Token ${token}` };
  for (const f of (await (await page.request.get('/v2/users/self/favorites', { headers: auth })).json()) as { id: number }[]) {
    expect((await page.request.delete(`/v2/users/self/favorites/${f.id}`, { headers: auth })).ok()).toBeTruthy();
  }

  // No stream is asked for before the PIN: every stream request is noted with whether the
  // PIN had been typed yet, and the PIN is typed only once the page has made every request
  // it makes on its own (the network went quiet).
  const streamCalls: { url: string; afterPin: boolean }[] = [];
  let pinTyped = false;
  page.on('request', (r) => {
    if (/\/v2\/channels\/38\/stream/.test(r.url())) streamCalls.push({ url: r.url(), afterPin: pinTyped });
  });
  await page.goto('/channels/adult/night');
  const pincode = page.locator('[data-modal="pincode"]').getByRole('dialog');
  await expect(pincode).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(player(page)).not.toHaveAttribute('data-player-state', 'playing');
  pinTyped = true;
  await pincode.getByLabel('PIN-код, 4 цифры').pressSequentially(PIN);
  await expect(pincode).toBeHidden();
  await expectVideoAdvancing(page);
  expect(streamCalls.filter((c) => !c.afterPin)).toEqual([]);
  expect(streamCalls.length).toBeGreaterThan(0);

  // Favourites: the category 1000 is absent, appears after favouriting, and goes again.
  await page.goto('/channels');
  await expect(page.locator('[data-category-id="32"]')).toBeVisible();
  await expect(page.locator('[data-category-id="1000"]')).toHaveCount(0);
  await page.goto('/channels/all/efir-1');
  const fav = page.locator('[data-action="favorite-channel"]');
  await expect(fav).toHaveAttribute('aria-pressed', 'false');
  await fav.click();
  await expect(fav).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/channels');
  await expect(page.locator('[data-category-id="1000"]')).toBeVisible();
  await page.locator('[data-category-id="1000"]').click();
  await expect(page).toHaveURL(/\/channels\/(favorites|1000)$/);
  await expect(page.locator('[data-channel-id]')).toHaveCount(1);

  const list = await page.request.get('/v2/users/self/favorites', { headers: { Authorization: `Token ${token}` } });
  expect((await list.json()).some((f: { kind: string; object_id: number }) => f.kind === 'channel' && f.object_id === 1)).toBe(true);
});
