import { expect, test } from '@playwright/test';
import { appReady } from './helpers/app';
import { authDialog, signInByPhone } from './helpers/auth';
import { storedToken, viewerChannel } from './helpers/tv';

// Rules of the spec checked against the running product: a tvchannels page shows the
// channels, the header turns dark past 140 px of scrolling, a past programme of a channel
// the viewer has not bought asks a guest to sign in first (guests cannot buy archive), a
// programme's genre leads to the row of the operator's genre, and the account form saves an
// e-mail without a first name.

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

test("a programme's genre in the channel viewer opens the genre's row, not a missing page", async ({ page }) => {
  // The news channels' programmes are mostly of the genre "Новости", a genre of the catalogue
  // with a row; the first channel whose current programme has such a genre is used.
  let genre = null as null | { name: string; href: string };
  for (const slug of ['efir-news', 'mir-24', 'business']) {
    await page.goto(`/channels/news/${slug}`);
    await expect(viewerChannel(page)).toBeVisible();
    const tags = page.getByRole('list', { name: 'Категории' });
    await expect(tags.getByRole('listitem').first()).toBeVisible();
    const link = tags.locator('a[href^="/row/"]').first();
    if ((await link.count()) > 0) {
      genre = { name: (await link.textContent()) ?? '', href: (await link.getAttribute('href')) ?? '' };
      await link.click();
      break;
    }
  }
  expect(genre, 'a news programme of the demo has a genre with a row').not.toBeNull();
  await expect(page).toHaveURL(new RegExp(`${genre!.href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Страница не найдена|Page not found/)).toHaveCount(0);
  await expect(page.locator('main a[href^="/contents/"]').first()).toBeVisible();
});

test('the account form saves an e-mail with no first name', async ({ page }) => {
  const phone = `7901${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  await page.goto('/');
  await appReady(page);
  await signInByPhone(page, phone);
  await page.goto('/settings/account');
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('Имя')).toHaveValue('');
  const email = `e2e-${Date.now()}@example.com`;
  await form.getByLabel('Электронная почта').fill(email);
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByRole('status')).toHaveText('Сохранено');
  const self = (await (await page.request.get('/v2/users/self', { headers: { Authorization: `Token ${await storedToken(page)}` } })).json()) as {
    email: string;
    first_name: string;
  };
  expect(self).toMatchObject({ email, first_name: '' });
});
