import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { consoleSignIn } from './helpers/console';

// The console's main screens for people: axe (WCAG 2.1 A and AA) finds no serious or
// critical violation on any of them, at a desktop width of 1280 px and on a tablet, and no
// screen scrolls sideways (its tables scroll inside their frames).

test.use({ locale: 'en-US' });
test.setTimeout(240_000);

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The screens, each by its address and the heading it opens with. */
const screens = [
  { path: '/operator/dashboard', heading: /^Dashboard$/ },
  { path: '/operator/subscribers?q=7900', heading: /^Subscribers$/ },
  { path: '/operator/packets', heading: /^Packets and prices$/ },
  { path: '/operator/paysystems', heading: /^Pay systems$/ },
  { path: '/operator/promo', heading: /^Promo campaigns$/ },
  { path: '/operator/channels', heading: /^Channels and guide$/ },
  { path: '/operator/channels/import', heading: /^Import M3U$/ },
  { path: '/operator/catalog', heading: /^Catalogue$/ },
  { path: '/operator/pages', heading: /^Home page and pages$/ },
  { path: '/operator/messages', heading: /^Messages and surveys$/ },
  { path: '/operator/settings', heading: /^Settings$/ },
  { path: '/operator/integrations', heading: /^Integrations$/ },
  { path: '/operator/staff', heading: /^Staff$/ },
  { path: '/operator/audit', heading: /^Audit log$/ },
];

async function scan(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`);
}

for (const viewport of [
  { name: 'desktop 1280', width: 1280, height: 800 },
  { name: 'tablet', width: 820, height: 1180 },
]) {
  test(`the console's main screens are accessible and fit a ${viewport.name} screen`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await consoleSignIn(page, 'admin@efir.example', 'efir24-admin');
    const problems: string[] = [];
    for (const s of screens) {
      await page.goto(s.path);
      await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible({ timeout: 20_000 });
      // Lists and tables have loaded (no busy region left).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      problems.push(...(await scan(page, `${viewport.name} ${s.path}`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 1) problems.push(`${viewport.name} ${s.path}: the page scrolls sideways by ${overflow} px`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
