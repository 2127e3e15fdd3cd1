// Screenshots of a served build (npx vite preview) at desktop and phone widths, with
// Debian's Chromium. Usage: node scripts/screenshot.mjs [baseUrl] [path...]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:4173';
const pages = process.argv.slice(3).length ? process.argv.slice(3) : ['/'];
const out = new URL('../screenshots/', import.meta.url);
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const sizes = [
  { name: 'desktop', width: 1440, height: 900, isMobile: false },
  { name: 'phone', width: 390, height: 844, isMobile: true },
];
for (const size of sizes) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
    locale: process.env.LOCALE ?? 'ru-RU',
  });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`[${size.name}] console: ${m.text()}`));
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(Number(process.env.WAIT_MS ?? 2500));
    const file = `${size.name}${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: new URL(file, out).pathname, fullPage: false });
    console.log('saved', file);
  }
  await context.close();
}
await browser.close();
