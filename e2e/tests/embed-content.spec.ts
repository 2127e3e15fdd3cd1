import { expect, test, type Page } from '@playwright/test';
import { appReady } from './helpers/app';
import { contentSlug } from './helpers/catalog';
import { setParentalPin, signInWithPassword } from './helpers/auth';
import { expectVideoAdvancing, player } from './helpers/tv';

// /content_embed/{slug or id}: the content's player alone, filling the frame, without the
// site's header and footer. The parental PIN is skipped for embeds (spec 5) inside another
// page's frame; the same address opened as a page of its own asks for it (the server enforces
// the PIN). What the viewer may not watch says so in the frame, with a link opening the
// content's page in a new window.
// The demo: «Лисёнок Тим» is free; «Ночной клуб» is 18+ in the premium library, which a
// guest does not hold and the demo subscriber does.

const PIN = '4826';

const embed = (page: Page) => page.getByTestId('content-embed');

test('a free film plays in the embed, alone in the window', async ({ page }) => {
  const slug = await contentSlug(page, 'Лисёнок Тим', 'movie');
  await page.goto(`/content_embed/${slug}`);
  await expect(embed(page)).toHaveAttribute('data-watch-state', 'play', { timeout: 30_000 });
  await expect(embed(page).locator('video')).toBeAttached();
  await expectVideoAdvancing(page);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // The frame is the viewport.
  const box = await embed(page).boundingBox();
  expect(box?.width).toBe(page.viewportSize()!.width);
  expect(box?.height).toBe(page.viewportSize()!.height);

  // The bare id names the same film.
  const id = slug.replace(/^.*?(\d+)$/, '$1');
  await page.goto(`/content_embed/${id}`);
  await expect(player(page)).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
});

test('an 18+ film: not purchased for a guest, played without a PIN in a frame for its subscriber', async ({ page }) => {
  const slug = await contentSlug(page, 'Ночной клуб', 'movie');
  const streams: string[] = [];
  page.on('request', (r) => {
    if (/\/v2\/libraries\/\d+\/contents\/\d+\/stream/.test(r.url())) streams.push(r.url());
  });

  // A guest holds no premium packet: the frame says so and links the film's page, outside.
  await page.goto(`/content_embed/${slug}?ignore_parental_control=1`);
  await expect(embed(page)).toHaveAttribute('data-watch-state', 'pay', { timeout: 30_000 });
  await expect(embed(page).getByText('Для просмотра нужна подписка.')).toBeVisible();
  const link = embed(page).getByRole('link', { name: /^Открыть / });
  await expect(link).toHaveAttribute('href', new RegExp(`/contents/${slug}$`));
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(embed(page).getByRole('link')).toHaveCount(1);
  await expect(page.locator('[data-player-state]')).toHaveCount(0);
  await expect(page.locator('[data-modal="pincode"]')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);

  // The demo subscriber holds it and has a PIN: the watch page would ask, the embed in a
  // frame of another page does not (a page of the site hosts the frame here, so the frame
  // shares the session's storage).
  await page.goto('/');
  await appReady(page);
  await signInWithPassword(page, 'demo', 'efir24');
  await setParentalPin(page, PIN);
  streams.length = 0;
  await page.goto('/agreement');
  await page.evaluate((src) => {
    document.open();
    document.write(`<iframe title="partner" src="${src}" style="width:800px;height:450px;border:0" allow="autoplay; fullscreen"></iframe>`);
    document.close();
  }, `/content_embed/${slug}`);
  const framed = page.frameLocator('iframe[title="partner"]');
  await expect(framed.getByTestId('content-embed')).toHaveAttribute('data-watch-state', 'play', { timeout: 30_000 });
  await expect(framed.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
  expect(streams.some((u) => /[?&]embed=1\b/.test(u))).toBe(true);
  await expect(framed.locator('[data-modal="pincode"]')).toHaveCount(0);
  await expect(framed.getByRole('banner')).toHaveCount(0);

  // The same address as a page of its own is no way around the PIN: the server asks for it.
  streams.length = 0;
  await page.goto(`/content_embed/${slug}`);
  const pincode = page.locator('[data-modal="pincode"]').getByRole('dialog');
  await expect(pincode).toBeVisible({ timeout: 30_000 });
  expect(streams.every((u) => !/[?&]embed=/.test(u))).toBe(true);
  await pincode.getByLabel('PIN-код, 4 цифры').pressSequentially(PIN);
  await expect(pincode).toBeHidden();
  await expect(embed(page)).toHaveAttribute('data-watch-state', 'play', { timeout: 30_000 });
  await expectVideoAdvancing(page);
});
