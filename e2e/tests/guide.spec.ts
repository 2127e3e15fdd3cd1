import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The programme guide and the channel embed on the real binary with the demo operator
// (ru locale, a guest): channels and the now line, a click on the programme on air opens
// the channel viewer, a future programme is refused, the grid stays virtualised while
// scrolling, the keyboard moves between programmes, and the embed plays a free channel
// with no header.

interface ApiChannel {
  id: number;
  slug: string;
  name: string;
  number: number;
  is_free: boolean;
  is_available: boolean;
  age: number | null;
}

async function openGuide(page: Page) {
  await page.goto('/guide');
  const grid = page.getByRole('grid');
  // Generous: the shared machine may be busy building while the suite runs.
  await expect(grid).toBeVisible({ timeout: 30_000 });
  await expect(grid.getByRole('gridcell').first()).toBeVisible({ timeout: 15_000 });
  return grid;
}

test('the guide shows the channels, their programmes and the now line', async ({ page }) => {
  const grid = await openGuide(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Телепрограмма' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Дни' }).getByRole('button', { name: /^Сегодня/ })).toHaveAttribute('aria-current', 'date');
  await expect(grid.getByRole('rowheader').first()).toHaveAccessibleName(/^1\. /);
  await expect(page.getByTestId('guide-now')).toBeVisible();
  // Every row has a programme on air today, labelled "title, hh:mm–hh:mm, channel, ...".
  await expect(grid.locator('[role=gridcell][data-state=live]').first()).toHaveAccessibleName(/, \d\d:\d\d–\d\d:\d\d, .+/);
});

for (const size of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`axe finds no serious or critical problem in the guide (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openGuide(page);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const blocking = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(blocking).toEqual([]);
  });
}

test('a click on the programme on air opens the channel viewer live', async ({ page }) => {
  const grid = await openGuide(page);
  const live = grid.locator('[role=gridcell][data-state=live]').first();
  await live.click();
  await expect(page).toHaveURL(/\/channels\/all\/[^/]+$/);
  await expect(page.locator('body')).toHaveClass(/page_channel/);
});

test('a future programme is refused with error_schedule_from_future', async ({ page }) => {
  const grid = await openGuide(page);
  // Tomorrow's programmes are all future at any hour (late in the evening today may have none left).
  await page.getByRole('navigation', { name: 'Дни' }).getByRole('button', { name: /^Завтра/ }).click();
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d\d-\d\d/);
  const future = grid.locator('[role=gridcell][data-state=future]').first();
  await future.scrollIntoViewIfNeeded();
  await future.click();
  await expect(page.getByText(/передача ещё не началась/i)).toBeVisible();
  await expect(page).toHaveURL(/\/guide/);
});

test('scrolling down renders later channels while the DOM keeps a bounded number of rows', async ({ page, request }) => {
  const channels = (await (await request.get('/v2/channels/channel_list')).json()) as ApiChannel[];
  const grid = await openGuide(page);
  const total = Number(await grid.getAttribute('aria-rowcount'));
  expect(total).toBeGreaterThan(20);
  const bound = 30;
  expect(await grid.getByRole('row').count()).toBeLessThan(bound);
  await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const last = [...channels].sort((a, b) => a.number - b.number).at(-1)!;
  await expect(grid.getByRole('rowheader', { name: `${last.number}. ${last.name}` })).toBeVisible();
  await expect(grid.getByRole('rowheader').first()).not.toHaveAccessibleName(/^1\. /);
  expect(await grid.getByRole('row').count()).toBeLessThan(bound);
  await expect(grid.locator('[role=row]').last().getByRole('gridcell').first()).toBeAttached();
});

test('the keyboard moves between programmes with one tab stop', async ({ page }) => {
  const grid = await openGuide(page);
  await expect(grid.locator('[role=gridcell][tabindex="0"]')).toHaveCount(1);
  const start = grid.locator('[role=gridcell][tabindex="0"]');
  await start.focus();
  const first = await page.evaluate(() => document.activeElement?.getAttribute('data-cell'));
  await page.keyboard.press('ArrowDown');
  const below = await page.evaluate(() => document.activeElement?.getAttribute('data-cell'));
  expect(below?.split(':')[0]).toBe('1');
  await page.keyboard.press('ArrowRight');
  const right = await page.evaluate(() => document.activeElement?.getAttribute('data-cell'));
  expect(right).not.toBe(below);
  expect(right?.split(':')[0]).toBe('1');
  await page.keyboard.press('ArrowUp');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-cell')?.split(':')[0])).toBe(first?.split(':')[0]);
  await expect(grid.locator('[role=gridcell][tabindex="0"]')).toHaveCount(1);
});

test('the day switcher shows yesterday and keeps the date in the address', async ({ page }) => {
  await openGuide(page);
  await page.getByRole('navigation', { name: 'Дни' }).getByRole('button', { name: /^Вчера/ }).click();
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d\d-\d\d/);
  await expect(page.getByTestId('guide-now')).toHaveCount(0);
  await expect(page.getByRole('grid').locator('[role=gridcell][data-state=past]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Сейчас' }).click();
  await expect(page.getByTestId('guide-now')).toBeVisible();
});

test('the embed page plays a free channel with no header or footer', async ({ page, request }) => {
  const channels = (await (await request.get('/v2/channels/channel_list')).json()) as ApiChannel[];
  const free = channels.find((c) => c.is_free && c.is_available && (c.age ?? 0) < 18);
  expect(free, 'a free channel in the demo line-up').toBeTruthy();
  await page.goto(`/channel_embed/${free!.id}`);
  await expect(page.getByTestId('channel-embed')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const player = page.locator('[data-player-state]');
  await expect(player).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
  const clock = Number(await player.getAttribute('data-clock'));
  await expect.poll(async () => Number(await player.getAttribute('data-clock')), { timeout: 15_000 }).toBeGreaterThan(clock);
  // The frame is the viewport.
  const box = await page.getByTestId('channel-embed').boundingBox();
  expect(box?.width).toBe(page.viewportSize()!.width);
  expect(box?.height).toBe(page.viewportSize()!.height);
});

test('the embed of a channel that is not purchased explains it and links the site', async ({ page, request }) => {
  const channels = (await (await request.get('/v2/channels/channel_list')).json()) as ApiChannel[];
  const locked = channels.find((c) => !c.is_available && (c.age ?? 0) < 18);
  expect(locked, 'a channel of the demo line-up that a guest has not purchased').toBeTruthy();
  await page.goto(`/channel_embed/${locked!.id}`);
  const link = page.getByRole('link', { name: /^Открыть / });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(page.locator('[data-player-state]')).toHaveCount(0);
});
