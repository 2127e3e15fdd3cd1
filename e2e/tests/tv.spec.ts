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

  // The schedule tab: yesterday, a programme with catch-up in the middle of the day.
  await page.getByRole('tab', { name: 'Телепрограмма' }).click();
  await page.getByRole('button', { name: 'Вчера' }).click();
  const archived = page.locator('[data-state="archive"][data-start]');
  await expect(archived.first()).toBeVisible();
  const count = await archived.count();
  const item = archived.nth(Math.floor(count / 2));
  const start = Number(await item.getAttribute('data-start'));
  expect(Date.now() / 1000 - start).toBeGreaterThan(12 * 3600);
  await item.click();

  await expect(page).toHaveURL(new RegExp(`/channels/popular/efir-1/${start}$`));
  await expect(player(page)).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
  await expect.poll(async () => Math.abs((await playerClock(page)) - start), { timeout: 20_000 }).toBeLessThanOrEqual(10);
  await expect(page.getByText('Запись', { exact: true })).toBeVisible();
  // It keeps playing the programme (no jump to the live edge of the growing archive list).
  await page.waitForTimeout(15_000);
  const later = await playerClock(page);
  expect(later - start).toBeGreaterThan(5);
  expect(later - start).toBeLessThan(60);
});

test('a future programme is refused and live pause is refused on a channel without archive', async ({ page }) => {
  await page.goto('/channels/news/weather');
  await expect(viewerChannel(page)).toHaveAttribute('data-channel-id', '35');
  await expectVideoAdvancing(page);

  await page.getByRole('tab', { name: 'Телепрограмма' }).click();
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

  // No stream is asked for before the PIN.
  const streamCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/v2\/channels\/38\/stream/.test(r.url())) streamCalls.push(r.url());
  });
  await page.goto('/channels/adult/night');
  const pincode = page.locator('[data-modal="pincode"]').getByRole('dialog');
  await expect(pincode).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(streamCalls).toEqual([]);
  await expect(player(page)).not.toHaveAttribute('data-player-state', 'playing');
  await pincode.getByLabel('PIN-код, 4 цифры').pressSequentially(PIN);
  await expect(pincode).toBeHidden();
  await expectVideoAdvancing(page);
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
