import { expect, test, type Request } from '@playwright/test';
import { consoleSignIn } from './helpers/console';
import { expectVideoAdvancing, viewerChannel } from './helpers/tv';

// Analytics on the real binary: a guest watching a channel sends the page, the action and the
// playback start in a batch the server takes (202), and the operator's dashboard counts them;
// the mobile-account mode sends nothing.

interface SentEvent {
  type: string;
  name?: string;
  page?: string;
  start_type?: string;
  channel_id?: number;
  object_id?: number;
}

const isBatch = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/v2/analytics/events';

test('a watch sends its events to the server, and the dashboard counts them', async ({ page, browser }) => {
  const sent: SentEvent[] = [];
  const accepted: number[] = [];
  page.on('request', (r) => {
    if (isBatch(r)) sent.push(...((r.postDataJSON() as { events: SentEvent[] }).events ?? []));
  });
  page.on('response', (r) => {
    if (isBatch(r.request())) accepted.push(r.status());
  });

  await page.goto('/channels/popular/efir-1?clickId=e2e-click');
  await expect(viewerChannel(page)).toHaveAttribute('data-channel-id', '1');
  await expectVideoAdvancing(page);
  // A click on no marked control tells nothing (the batch would be refused whole).
  await page.locator('main').dispatchEvent('click');
  // A batch goes out 10 s after its first event at the latest.
  await expect
    .poll(() => sent.some((e) => e.type === 'playback_start' && e.start_type === 'live' && e.channel_id === 1), { timeout: 30_000 })
    .toBe(true);
  await expect.poll(() => accepted.length > 0 && accepted.every((s) => s === 202), { timeout: 10_000 }).toBe(true);
  expect(sent.some((e) => e.type === 'page' && e.page === '/channels/popular/efir-1')).toBe(true);
  expect(sent.filter((e) => e.type === 'event' && e.name === 'on')).toEqual([]);
  expect(sent.some((e) => e.type === 'event' && e.name === 'open_channel' && e.object_id === 1)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('app_sell_click_id') ?? document.cookie)).toContain('e2e-click');

  // The console's dashboard counts them (an owner of the demo operator).
  const staff = await browser.newPage();
  await consoleSignIn(staff, 'admin@efir.example', 'efir24-admin');
  const res = await staff.request.get('/v2/operator/dashboard/events');
  expect(res.ok()).toBeTruthy();
  const panel = (await res.json()) as { days: { by_kind: Record<string, number> }[] };
  const today = panel.days[panel.days.length - 1]!.by_kind;
  expect(today.playback_start).toBeGreaterThanOrEqual(1);
  expect(today.page).toBeGreaterThanOrEqual(1);

  await staff.goto('/operator/dashboard');
  const heading = staff.getByRole('heading', { level: 2, name: /Аналитика зрителей|Viewer analytics/ });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  await heading.scrollIntoViewIfNeeded();
  await staff.locator('section', { has: heading }).screenshot({ path: test.info().outputPath('analytics-panel.png') });
  await staff.close();
});

test('the mobile-account mode sends no events', async ({ page }) => {
  let batches = 0;
  page.on('request', (r) => {
    if (isBatch(r)) batches++;
  });
  await page.goto('/account_mobile');
  await page.waitForTimeout(12_000);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await page.waitForTimeout(500);
  expect(batches).toBe(0);
});
