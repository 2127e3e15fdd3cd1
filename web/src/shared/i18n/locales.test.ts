// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language';
import { pluralBase, pluralSuffixes } from './plural';

// Every interface language has every key of the English source, with the plural forms
// its own rules need and the same interpolation variables.

type Tree = { [k: string]: string | Tree };

const files = import.meta.glob<Tree>('../../../public/locales/*/translation.json', { eager: true, import: 'default' });

function load(lng: string): Tree {
  const tree = files[`../../../public/locales/${lng}/translation.json`];
  if (!tree) throw new Error(`no locale file for ${lng}`);
  return tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Plural keys collapsed to their base: `plural.days_one` -> `plural.days`. */
function logicalKeys(keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((k) => pluralBase(k) ?? k));
}

const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));

describe.each(LANGUAGES.map((l) => [l]))('locale %s', (lng) => {
  const messages = flatten(load(lng));

  it('has exactly the keys of the English source', () => {
    expect([...logicalKeys(messages.keys())].sort()).toEqual([...logicalKeys(en.keys())].sort());
  });

  it('has the plural forms of its language', () => {
    const bases = [...en.keys()].map((k) => pluralBase(k)).filter((b): b is string => b !== null);
    for (const base of new Set(bases)) {
      const present = [...messages.keys()].filter((k) => pluralBase(k) === base).map((k) => k.slice(base.length)).sort();
      expect(present, `${lng} ${base}`).toEqual(pluralSuffixes(lng));
    }
  });

  it('keeps the interpolation variables and has no empty strings', () => {
    for (const [key, value] of messages) {
      expect(value.trim(), `${lng} ${key}`).not.toBe('');
      const source = en.get(key) ?? en.get(`${pluralBase(key)}_other`) ?? '';
      expect(vars(value), `${lng} ${key}`).toEqual(vars(source));
    }
  });
});

// The other nine languages are real translations, not copies of the English source: only
// brand names, store names and words spelt the same in both (Video, Trailer...) may match.
describe.each(LANGUAGES.filter((l) => l !== 'en' && l !== 'ru').map((l) => [l]))('locale %s is translated', (lng) => {
  it('differs from English in at least 95 % of its texts', () => {
    const messages = flatten(load(lng));
    const same = [...messages].filter(([key, value]) => /\p{L}{3}/u.test(value) && en.get(key) === value).map(([key]) => key);
    expect(same.length / messages.size, same.join(', ')).toBeLessThan(0.05);
  });
});
