// Guide render budget: with 300 channels, /guide paints its first screen within 300 ms
// of the guide data arriving (median of 10 loads, headless Chromium on this machine).
//
// A fresh data directory gets the demo operator (~40 channels) plus generated channels
// through the real import commands (`efir import m3u` with a generated playlist, `efir
// import xmltv` with a generated guide), so the server answers the real bulk guide call.
// The page's own performance marks are read:
//   guide:data      the first guide chunk's answer is parsed
//   guide:channels  the page first has the channel list (a parallel call)
//   guide:painted   requestAnimationFrame after the grid first commits rows with programmes
// Reported: painted - data (the budget), painted - max(data, channels) (render only), and
// the frame intervals of a 180-frame programmatic scroll through the grid (smoothness).
//
// Usage: node bench/guide.mjs   (EFIR_BIN=bin/efir, EFIR_BENCH_PORT=18197, CHANNELS=300, LOADS=10)
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = resolve(root, process.env.EFIR_BIN ?? 'bin/efir');
const port = Number(process.env.EFIR_BENCH_PORT ?? 18197);
const wanted = Number(process.env.CHANNELS ?? 300);
const loads = Number(process.env.LOADS ?? 10);
const base = `http://127.0.0.1:${port}`;
const { chromium } = await import(join(root, 'web/node_modules/playwright-core/index.mjs'));

const dataDir = mkdtempSync(join(tmpdir(), 'efir-guide-bench-'));
const env = { ...process.env, EFIR_ADDR: `127.0.0.1:${port}`, EFIR_DATA_DIR: dataDir, EFIR_DEV: 'true', EFIR_LOG_FORMAT: 'text' };

async function serve() {
  const proc = spawn(bin, ['serve'], { env, stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
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

// 1. The demo operator (first start seeds it), then the generated line-up and guide.
let server = await serve();
const demo = await (await fetch(`${base}/v2/channels/channel_list`)).json();
await stop(server);
const extra = Math.max(0, wanted - demo.length);
const now = Math.floor(Date.now() / 1000);
const pad = (n) => String(n).padStart(3, '0');
const genres = ['Новости', 'Кино', 'Спорт', 'Детям', 'Музыка', 'Наука'];
let m3u = '#EXTM3U\n';
let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n';
for (let i = 1; i <= extra; i++) {
  const id = `bench-${pad(i)}`;
  m3u += `#EXTINF:-1 tvg-id="${id}" tvg-name="Bench ${pad(i)}" group-title="${genres[i % genres.length]}" catchup="append" catchup-days="7" catchup-source="?utc={utc}",Bench ${pad(i)}\nhttp://127.0.0.1:9/bench/${id}.m3u8\n`;
  xml += `<channel id="${id}"><display-name>Bench ${pad(i)}</display-name></channel>\n`;
}
const durations = [15, 30, 45, 60, 90, 120].map((m) => m * 60);
const stamp = (t) => new Date(t * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14) + ' +0000';
for (let i = 1; i <= extra; i++) {
  let t = Math.floor((now - 30 * 3600) / 900) * 900;
  let k = i;
  while (t < now + 30 * 3600) {
    const d = durations[k++ % durations.length];
    xml += `<programme start="${stamp(t)}" stop="${stamp(t + d)}" channel="bench-${pad(i)}"><title lang="ru">Передача ${k} канала ${i}</title><category lang="ru">${genres[k % genres.length]}</category></programme>\n`;
    t += d;
  }
}
xml += '</tv>\n';
writeFileSync(join(dataDir, 'bench.m3u'), m3u);
writeFileSync(join(dataDir, 'bench.xml'), xml);
execFileSync(bin, ['import', 'm3u', join(dataDir, 'bench.m3u')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync(bin, ['import', 'xmltv', join(dataDir, 'bench.xml')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
server = await serve();

// 2. Ten cold loads of /guide, each in a fresh browser context.
const browser = await chromium.launch({
  executablePath: process.env.EFIR_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
const toData = [];
const toReady = [];
let channelsShown = 0;
let maxRows = 0;
let scroll = null;
try {
  for (let i = 0; i < loads + 1; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto(`${base}/guide`);
    await page.waitForFunction(() => performance.getEntriesByName('guide:painted').length > 0, null, { timeout: 30_000 });
    const m = await page.evaluate(() => {
      const at = (n) => performance.getEntriesByName(n)[0]?.startTime ?? NaN;
      return {
        data: at('guide:data'),
        channels: at('guide:channels'),
        painted: at('guide:painted'),
        rowcount: Number(document.querySelector('[role=grid]')?.getAttribute('aria-rowcount') ?? 0),
        rows: document.querySelectorAll('[role=row]').length,
      };
    });
    if (i === loads) {
      // Scroll smoothness on the last load: scroll 48 px down and 24 px right every
      // frame for 180 frames and record the frame intervals.
      scroll = await page.evaluate(
        () =>
          new Promise((done) => {
            const el = document.querySelector('[role=grid]');
            const gaps = [];
            let last = performance.now();
            let n = 0;
            const step = (t) => {
              gaps.push(t - last);
              last = t;
              el.scrollTop += 48;
              el.scrollLeft += 24;
              if (++n < 180) requestAnimationFrame(step);
              else done({ gaps: gaps.slice(1), rows: document.querySelectorAll('[role=row]').length });
            };
            requestAnimationFrame(step);
          }),
      );
    }
    if (i > 0) {
      // The first load warms the server's caches and the disk; it is not counted.
      toData.push(m.painted - m.data);
      toReady.push(m.painted - Math.max(m.data, m.channels));
    }
    channelsShown = m.rowcount;
    maxRows = Math.max(maxRows, m.rows);
    await context.close();
  }
} finally {
  await browser.close();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs) => `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)})`;
console.log(`guide: ${channelsShown} channels in the grid, at most ${maxRows} rows in the DOM`);
console.log(`guide: guide data -> first screen painted: ${fmt(toData)} over ${loads} loads (budget 300 ms)`);
console.log(`guide: last of guide data and channel list -> painted: ${fmt(toReady)}`);
if (scroll) {
  const g = scroll.gaps;
  const slow = g.filter((x) => x > 1000 / 60 + 4).length;
  console.log(
    `guide: scrolling 180 frames: median frame ${median(g).toFixed(1)} ms, ${((1000 / (g.reduce((a, b) => a + b, 0) / g.length))).toFixed(0)} fps average, ${slow} frames over 20.7 ms, ${scroll.rows} rows in the DOM after`,
  );
}
if (channelsShown < wanted) console.log(`guide: WARNING only ${channelsShown} channels (wanted ${wanted})`);
