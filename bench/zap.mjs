// Zapping budget: from the click on another channel to that channel's first decoded video
// frame, median under 600 ms (headless Chromium on this machine).
//
// A guest opens a free channel's viewer with the side panel on the TV channels tab, then
// clicks other free channels N times (round robin). Per click: t0 = just before the click;
// the player reuses hls.js, which re-attaches the <video> to a new MediaSource for the new
// source ('emptied'); the first requestVideoFrameCallback after that is the new channel's
// first decoded frame. The viewer's data-channel-id must have changed too.
//
// Usage: node bench/zap.mjs            (starts EFIR_BIN=bin/efir on EFIR_BENCH_PORT=18196)
//        node bench/zap.mjs http://127.0.0.1:18106   (an already running server)
//        N=15 (clicks)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const clicks = Number(process.env.N ?? 15);
const { chromium } = await import(join(root, 'web/node_modules/playwright-core/index.mjs'));

let base = process.argv[2];
let server = null;
let dataDir = null;
if (!base) {
  const port = Number(process.env.EFIR_BENCH_PORT ?? 18196);
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'efir-zap-bench-'));
  const bin = resolve(root, process.env.EFIR_BIN ?? 'bin/efir');
  server = spawn(bin, ['serve'], {
    env: { ...process.env, EFIR_ADDR: `127.0.0.1:${port}`, EFIR_DATA_DIR: dataDir, EFIR_DEV: 'true', EFIR_LOG_FORMAT: 'text' },
    stdio: 'ignore',
  });
  let up = false;
  for (let i = 0; i < 300 && !up; i++) {
    try {
      up = (await fetch(`${base}/healthz`)).ok;
    } catch {}
    if (!up) await new Promise((r) => setTimeout(r, 150));
  }
  if (!up) throw new Error('server did not start');
}

const browser = await chromium.launch({
  executablePath: process.env.EFIR_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--autoplay-policy=no-user-gesture-required'],
});
const times = [];
try {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.addInitScript(() => localStorage.setItem('tvListMode', 'channels'));
  // The free channels of the demo operator (a guest may watch them).
  const free = await (await fetch(`${base}/v2/channels/free_list`)).json();
  const slugs = free.map((c) => c.slug);
  if (slugs.length < 2) throw new Error('need two free channels');
  await page.goto(`${base}/channels/all/${slugs[0]}`);
  await page.waitForSelector('[data-player-state="playing"]', { timeout: 60_000 });
  await page.waitForTimeout(1500);

  let current = free[0].id;
  for (let i = 0; i < clicks; i++) {
    const target = free[(i + 1) % free.length];
    if (target.id === current) continue;
    const row = page.locator(`aside [data-channel-id="${target.id}"]`);
    await row.scrollIntoViewIfNeeded();
    await row.hover();
    await page.waitForTimeout(400); // a viewer's pointer rests on the row before the click
    // Arm the measurement in the page, then click.
    await page.evaluate(() => {
      const video = document.querySelector('video');
      window.__zap = new Promise((resolve) => {
        const t0 = performance.now();
        const timeout = setTimeout(() => resolve({ ms: null }), 10_000);
        video.addEventListener(
          'emptied',
          () => {
            const v = document.querySelector('video');
            v.requestVideoFrameCallback((now) => {
              clearTimeout(timeout);
              resolve({ ms: now - t0 });
            });
          },
          { once: true },
        );
      });
    });
    await row.click();
    const { ms } = await page.evaluate(() => window.__zap);
    const shown = await page.getAttribute('[data-view][data-channel-id]', 'data-channel-id');
    if (ms === null || shown !== String(target.id)) throw new Error(`zap ${i + 1} to ${target.slug}: no new frame (channel ${shown})`);
    times.push(ms);
    current = target.id;
    await page.waitForTimeout(1200); // watch a moment, as a viewer flicking through does
  }
} finally {
  await browser.close();
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

const sorted = [...times].sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
console.log(`zap: ${times.length} clicks, click -> first decoded frame`);
console.log(`  each:   ${times.map((t) => t.toFixed(0)).join(' ')} ms`);
console.log(`  median: ${pct(50).toFixed(0)} ms (budget 600)`);
console.log(`  p90:    ${pct(90).toFixed(0)} ms`);
if (pct(50) >= 600) process.exitCode = 1;
