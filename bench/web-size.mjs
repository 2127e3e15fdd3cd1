// Reports the gzip size of the JavaScript the home route loads before it is
// interactive: the entry script of web/dist/index.html and every module it
// preloads. Budget: under 150 KB gzip.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const srcs = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) srcs.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) srcs.add(m[1]);
let total = 0;
for (const src of srcs) {
  const body = readFileSync(join(dist, src.replace(/^\//, '')));
  const gz = gzipSync(body, { level: 9 }).length;
  total += gz;
  console.log(`${src}\t${(body.length / 1024).toFixed(1)} KB\t${(gz / 1024).toFixed(1)} KB gzip`);
}
console.log(`home route initial JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget 150 KB)`);
