import { expect, test } from '@playwright/test';
import { contentSlug } from './helpers/catalog';
import { expectVideoAdvancing, player } from './helpers/tv';

// Trick-play thumbnails on the real binary: a film's stream names its thumbnail index, and
// pointing at the scrub bar shows the sheet's tile of that moment in the spec's 122.5 px box.

test('the scrub bar of a playing film shows the thumbnail of the moment pointed at', async ({ page }) => {
  const slug = await contentSlug(page, 'Лисёнок Тим', 'movie');
  const stream = page.waitForResponse((r) => /\/contents\/[^/]+\/stream/.test(r.url()) && r.status() === 200);
  await page.goto(`/watch/${slug}`);
  const answer = (await (await stream).json()) as { screenshot_url: string; screenshot_timings: number[] };
  expect(answer.screenshot_url).toMatch(/\/media\/[^/]+\/thumbs\.vtt$/);
  expect(answer.screenshot_timings.slice(0, 3)).toEqual([0, 10, 20]);
  await expect(player(page)).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
  await expectVideoAdvancing(page);

  const bar = page.getByRole('slider', { name: 'Позиция воспроизведения' });
  await player(page).hover();
  await expect(bar).toBeVisible();
  const box = (await bar.boundingBox())!;
  const index = page.waitForResponse((r) => r.url().endsWith('/thumbs.vtt'));
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
  expect((await index).status()).toBe(200);
  const preview = page.locator('[data-scrub-preview]');
  await expect(preview).toBeVisible();
  await expect(preview.locator('img')).toHaveAttribute('src', /\/media\/[^/]+\/thumbs\.jpg$/);
  // The image is really there: the sheet loaded with its size.
  await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(588);
  expect(Math.round((await preview.boundingBox())!.width)).toBe(123);
  await preview.screenshot({ path: test.info().outputPath('scrub-thumbnail.png') });
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await expect(preview).toHaveCount(0);
});
