import { expect, test } from '@playwright/test';
import { appReady } from './helpers/app';
import { authDialog } from './helpers/auth';
import { viewerChannel } from './helpers/tv';

// Rules of the spec checked against the running product: a tvchannels page shows the
// channels, the header turns dark past 140 px of scrolling, and a past programme of a channel
// the viewer has not bought asks a guest to sign in first (guests cannot buy archive).

test('a tvchannels page shows the line-up, and the header darkens on scroll', async ({ page }) => {
  await page.goto('/rowset/channels');
  await appReady(page);
  const grid = page.getByRole('list', { name: 'Телеканалы' });
  await expect(grid.getByRole('link').first()).toBeVisible();
  expect(await grid.getByRole('link').count()).toBeGreaterThan(5);
  await expect(grid.getByRole('link').first()).toHaveAttribute('href', /^\/channels\//);

  await page.goto('/');
  await appReady(page);
  const header = page.locator('header').first();
  await expect(header).not.toHaveAttribute('data-dark', /.*/);
  await page.mouse.wheel(0, 600);
  await expect(header).toHaveAttribute('data-dark', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveAttribute('data-dark', /.*/);
});

test("a guest picking a past programme of a channel not bought is asked to sign in", async ({ page }) => {
  await page.goto('/channels');
  await appReady(page);
  // The line-up a guest gets (the public list: what nobody has bought).
  const channels = (await (await page.request.get('/v2/channels/channel_list')).json()) as {
    id: number;
    slug: string;
    is_purchased: boolean;
    has_catchup: boolean;
  }[];
  const paid = channels.find((c) => !c.is_purchased && c.has_catchup);
  expect(paid, 'the demo has a paid channel with catch-up').toBeTruthy();
  await page.goto(`/channels/32/${paid!.slug}`);
  await expect(viewerChannel(page)).toHaveAttribute('data-channel-id', String(paid!.id));
  await page.getByRole('tab', { name: 'Телепрограмма' }).click();
  await page.getByRole('button', { name: 'Вчера' }).click();
  const archived = page.locator('[data-state="archive"][data-start]');
  await archived.first().click();
  await expect(authDialog(page)).toBeVisible();
  // Still live: the archive was not opened.
  await expect(page).toHaveURL(new RegExp(`/channels/32/${paid!.slug}(#auth)?$`));
});
