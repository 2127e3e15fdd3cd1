// Home page budget: with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), the first
// row of posters on the home page is visible within 1.5 s of the navigation (median of 10
// cold loads, headless Debian Chromium on this machine).
//
// A fresh data directory gets the demo operator (its start page: the promo slider, then
// rows of posters). Every load is a new browser context (empty cache, a new guest). The
// page is polled every animation frame until the first content row's pictures that lie in
// the viewport have all loaded (complete, naturalWidth > 0); the figure is when the last of
// them was painted (Element Timing renderTime of the tiles' elementtiming="tile" pictures;
// Chromium reports none for SVG pictures, so in practice the next animation frame after the
// one that saw them loaded: that frame's paint has happened by then), measured from the
// navigation start. Also reported: the first paint and
// the largest contentful paint, and when the start-page rowset's answer arrived.
//
// The page the server sends for / already holds its first screen (#first-screen: the header,
// the first banner and the first row of posters, internal/catalog/first_screen.go), and the
// app's code runs once that screen is painted (web/src/app/entry.ts). The first row found is
// therefore the server's until the app replaces it with its own (the same pictures): either
// way it is what the viewer sees.
//
// Usage: node bench/home.mjs   (EFIR_BIN=bin/efir, EFIR_BENCH_PORT=18790, LOADS=10, CPU=4;
// EFIR_BENCH_URL=http://host:port measures a server that is already running instead)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = resolve(root, process.env.EFIR_BIN ?? 'bin/efir');
const port = Number(process.env.EFIR_BENCH_PORT ?? 18790);
const loads = Number(process.env.LOADS ?? 10);
const cpu = Number(process.env.CPU ?? 4);
const budget = 1500;
const external = process.env.EFIR_BENCH_URL;
const base = external ?? `http://127.0.0.1:${port}`;
const { chromium } = await import(join(root, 'web/node_modules/playwright-core/index.mjs'));

const dataDir = mkdtempSync(join(tmpdir(), 'efir-home-bench-'));
const env = {
  ...process.env,
  EFIR_ADDR: `127.0.0.1:${port}`,
  EFIR_DATA_DIR: dataDir,
  EFIR_DEV: 'true',
  EFIR_GUESTS_PER_HOUR: '100000',
  EFIR_LOG_FORMAT: 'text',
};

async function serve() {
  const proc = spawn(bin, ['serve'], { env, stdio: 'ignore' });
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return proc;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  proc.kill();
  throw new Error('server did not start');
}

async function stop(proc) {
  const done = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await done;
}

// In the page: true (and the moment noted) once the first content row's pictures in the
// viewport are loaded; the first row of posters is the first row of a content template.
function firstRowVisible() {
  const w = window;
  if (w.__firstRowAt) return true;
  const row = document.querySelector('main [data-template="content-v"], main [data-template="content-h"], main [data-template="history-h"]');
  // (#first-screen main comes first in the page while it is there)
  if (!row) return false;
  const vh = window.innerHeight;
  const vw = window.innerWidth;
  const imgs = [...row.querySelectorAll('img')].filter((img) => {
    const r = img.getBoundingClientRect();
    return r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw && r.width > 0;
  });
  if (imgs.length === 0 || !imgs.every((img) => img.complete && img.naturalWidth > 0)) return false;
  w.__firstRowAt = performance.now();
  w.__firstRowImages = imgs;
  // The frame whose callbacks saw them is painted before the next frame's callbacks run.
  requestAnimationFrame(() => requestAnimationFrame(() => (w.__firstRowPaint = performance.now())));
  return true;
}

const server = external ? null : await serve();
const browser = await chromium.launch({
  executablePath: process.env.EFIR_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
const firstRow = [];
const loadedAt = [];
const fcp = [];
const lcp = [];
const rowset = [];
let images = 0;
try {
  for (let i = 0; i < loads + 1; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'ru-RU' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.addInitScript(() => {
      window.__lcp = NaN;
      window.__fcp = NaN;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = e.startTime;
      }).observe({ type: 'paint', buffered: true });
      // Element Timing of the tiles' pictures (elementtiming="tile"): when each was painted.
      window.__painted = new Map();
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.element) window.__painted.set(e.element, e.renderTime || e.loadTime);
      }).observe({ type: 'element', buffered: true });
    });
    await page.goto(`${base}/`);
    await page.waitForFunction(firstRowVisible, null, { polling: 'raf', timeout: 60_000 });
    // The frame noted above is painted after its animation-frame callbacks: let it and the
    // paint timing entries land before reading them.
    await page.waitForTimeout(500);
    const m = await page.evaluate(() => {
      // Painted: the last of the row's pictures to be painted (Element Timing, where the
      // browser reports it for these pictures), else the frame after the one that saw them.
      const times = window.__firstRowImages.map((img) => window.__painted.get(img));
      const painted = times.every((t) => t > 0) ? Math.max(...times) : window.__firstRowPaint;
      const answer = performance.getEntriesByType('resource').find((e) => e.name.includes('/v2/rowsets/startpage'));
      return {
        firstRow: painted,
        loaded: window.__firstRowAt,
        images: window.__firstRowImages.length,
        fcp: window.__fcp,
        lcp: window.__lcp,
        rowset: answer ? answer.responseEnd : NaN,
      };
    });
    if (i > 0) {
      // The first load warms the server's caches and the disk; it is not counted.
      firstRow.push(m.firstRow);
      loadedAt.push(m.loaded);
      fcp.push(m.fcp);
      lcp.push(m.lcp);
      rowset.push(m.rowset);
    }
    images = m.images;
    await context.close();
  }
} finally {
  await browser.close();
  if (server) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (all) => {
  const xs = all.filter((x) => Number.isFinite(x) && x > 0);
  if (xs.length === 0) return 'not reported';
  return `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;
};
const verdict = median(firstRow) < budget ? 'within' : 'OVER';
console.log(`home: CPU ${cpu}x slower, ${loads} cold loads at 1366x900`);
console.log(`home: first row of posters visible (${images} pictures): ${fmt(firstRow)} — ${verdict} the ${budget} ms budget`);
console.log(`home: first row's pictures all loaded (before that paint): ${fmt(loadedAt)}`);
console.log(`home: first contentful paint ${fmt(fcp)}; largest contentful paint ${fmt(lcp)}`);
console.log(`home: start-page rowset answered at ${fmt(rowset)}`);
