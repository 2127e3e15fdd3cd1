import { expect, test, type Page } from '@playwright/test';

// Closing the player lands on the content's page: back to it when the viewer came from it,
// opened over the page underneath otherwise. The tab title stays the modal page's while the
// page below loads, and comes back to the page's when the modal page closes. The demo series
// «Северный ветер» plays for a guest.

interface Suggestion {
  kind: string;
  slug: string;
  text: string;
  content_type?: string;
}

async function seriesSlug(page: Page): Promise<string> {
  const res = await page.request.get(`/v2/search/suggest?text=${encodeURIComponent('Северный ветер')}`);
  expect(res.ok()).toBeTruthy();
  const hit = ((await res.json()) as Suggestion[]).find((s) => s.kind === 'content' && s.text === 'Северный ветер' && s.content_type === 'series');
  expect(hit).toBeTruthy();
  return hit!.slug;
}

const closeWatch = (page: Page) => page.locator('[data-modal="watch"]').getByRole('button', { name: 'Закрыть' }).click();

test('the player closes back to the content page it was opened from', async ({ page }) => {
  const slug = await seriesSlug(page);
  await page.goto(`/contents/${slug}`);
  const dialog = page.locator('[data-modal="content"]');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Северный ветер' })).toBeVisible();
  await expect(page).toHaveTitle(/Северный ветер/);
  const contentUrl = page.url();

  await dialog.locator('[data-section="episodes"] [data-episode-id]').first().click();
  await expect(page).toHaveURL(/\/watch\/[^/]+$/);
  await expect(page.locator('[data-modal="watch"] [data-content-id]')).toBeVisible();
  await closeWatch(page);
  await expect(page).toHaveURL(contentUrl);
  await expect(dialog.getByRole('heading', { level: 1, name: 'Северный ветер' })).toBeVisible();
  // Back went back: the entry before the content page is the one the test started on.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/(watch|contents)\//);
});

test("a player opened directly closes to its series' page, and the title follows the top page", async ({ page }) => {
  const slug = await seriesSlug(page);
  const episodes = await page.request.get(`/v2/contents/${slug.replace(/^.*-(\d+)$/, '$1')}/episodes`);
  const first = ((await episodes.json()) as { slug: string }[])[0]!;

  await page.goto(`/watch/${first.slug}`);
  await expect(page.locator('[data-modal="watch"] [data-content-id]')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(/Северный ветер/);
  // The home page underneath has loaded its rows by now; the title is still the player's.
  await expect(page.locator('[data-rowset="startpage"]')).toBeAttached({ timeout: 30_000 });
  await expect(page).toHaveTitle(/Северный ветер/);

  await closeWatch(page);
  await expect(page).toHaveURL(new RegExp(`/contents/${slug}/${first.slug}$`));
  const dialog = page.locator('[data-modal="content"]');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Северный ветер' })).toBeVisible();
  // The player's entry was replaced: back does not start the video again.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/watch\//);

  // A content page opened over a page with a title of its own: closing gives that title back.
  await page.goto(`/search?q=${encodeURIComponent('северный ветер')}`);
  const link = page.getByRole('main').getByRole('link', { name: /Северный ветер/ }).first();
  await expect(link).toBeVisible();
  const searchTitle = await page.title();
  expect(searchTitle).not.toBe('');
  await link.click();
  await expect(dialog.getByRole('heading', { level: 1, name: 'Северный ветер' })).toBeVisible();
  await expect(page).toHaveTitle(/^Северный ветер/);
  await dialog.getByRole('button', { name: 'Закрыть' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveTitle(searchTitle);
});
