import { expect, type Page } from '@playwright/test';

// Helpers of the live TV journeys: the player root carries data-player-state and data-clock
// (unix seconds from EXT-X-PROGRAM-DATE-TIME), the viewer root data-channel-id.

/** The full player (previews in banners and lists are aria-hidden and not regions). */
export const player = (page: Page) => page.locator('[data-player-state][role="region"]').first();

/** Waits until the player reports playing and the video's time really advances. */
export async function expectVideoAdvancing(page: Page): Promise<void> {
  await expect(player(page)).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
  const time = () => page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-player-state][role="region"] video')?.currentTime ?? -1);
  const first = await time();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(first + 1);
  await expect(player(page)).not.toHaveAttribute('data-player-state', 'error');
}

/** The absolute time the player is showing (data-clock); NaN while it has none. */
export async function playerClock(page: Page): Promise<number> {
  const raw = await page.evaluate(() => document.querySelector('[data-player-state]')?.getAttribute('data-clock') ?? '');
  return /^\d{9,}$/.test(raw) ? Number(raw) : Number.NaN;
}

/** The alert of the alert host with this text (the UI language of the test: ru). */
export const alertWith = (page: Page, text: string) => page.locator('[data-alert-kind]').filter({ hasText: text });

/** The channel the viewer shows. */
export const viewerChannel = (page: Page) => page.locator('[data-channel-id][data-view]');

/** The token the web client stored (to call the API as the signed-in viewer). */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!token) throw new Error('no access token stored');
  return token;
}
