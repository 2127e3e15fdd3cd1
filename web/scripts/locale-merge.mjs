// Merges a fragment of translations into public/locales/{lng}/translation.json.
// Usage: node scripts/locale-merge.mjs fragment.json
// The fragment is {"<lng>": {"<section>": {...}}, ...}; its keys replace the
// same keys of the locale files, other keys stay. Several people can add
// their sections without touching each other's.
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'locales');
const fragment = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function merge(into, from) {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      into[k] = merge(into[k] && typeof into[k] === 'object' ? into[k] : {}, v);
    } else {
      into[k] = v;
    }
  }
  return into;
}

for (const [lng, tree] of Object.entries(fragment)) {
  const file = join(root, lng, 'translation.json');
  const current = JSON.parse(readFileSync(file, 'utf8'));
  const tmp = `${file}.tmp${process.pid}`;
  writeFileSync(tmp, JSON.stringify(merge(current, tree), null, 2) + '\n');
  renameSync(tmp, file);
}
