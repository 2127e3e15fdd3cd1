// Prints the gzip size of the JavaScript the home route loads first: the entry script of
// dist/index.html and every chunk it preloads. Budget: 150 KB.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(`${dist}index.html`, 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const f of files) {
  const gz = gzipSync(readFileSync(dist + f), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total initial JS (gzip)`);
const budget = 150 * 1024;
if (total > budget) {
  console.error(`over the 150 KB budget by ${((total - budget) / 1024).toFixed(1)} KB`);
  process.exit(1);
}
