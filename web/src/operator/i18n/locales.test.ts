// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/shared/i18n/language';
import { pluralBase, pluralSuffixes } from '@/shared/i18n/plural';

// The console's texts (operator.json and each section's operator-{section}.json) in every interface language: the keys of the English
// source, the plural forms each language needs, the same interpolation variables, and real
// translations rather than copies of the English.

type Tree = { [k: string]: string | Tree };

const files = import.meta.glob<Tree>('../../../public/locales/*/operator*.json', { eager: true, import: 'default' });

function load(lng: string, ns: string): Tree {
  const tree = files[`../../../public/locales/${lng}/${ns}.json`];
  if (!tree) throw new Error(`no ${ns}.json for ${lng}`);
  return tree;
}

const namespaces = Object.keys(files)
  .filter((p) => p.split('/').at(-2) === 'en')
  .map((p) => p.split('/').at(-1)!.replace(/\.json$/, ''))
  .sort();

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const logicalKeys = (keys: Iterable<string>) => new Set([...keys].map((k) => pluralBase(k) ?? k));
const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
it('has each namespace in each of the 11 languages and no other language', () => {
  for (const ns of namespaces) {
    const langs = Object.keys(files).filter((p) => p.endsWith(`/${ns}.json`)).map((p) => p.split('/').at(-2));
    expect(langs.sort(), ns).toEqual([...LANGUAGES].sort());
  }
});

describe.each(namespaces.flatMap((ns) => LANGUAGES.map((l) => [ns, l] as const)))('%s.json %s', (ns, lng) => {
  const en = flatten(load('en', ns));
  const messages = flatten(load(lng, ns));

  it('has exactly the keys of the English source', () => {
    expect([...logicalKeys(messages.keys())].sort()).toEqual([...logicalKeys(en.keys())].sort());
  });

  it('has the plural forms of its language', () => {
    const bases = new Set([...en.keys()].map((k) => pluralBase(k)).filter((b): b is string => b !== null));
    for (const base of bases) {
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

  if (lng !== 'en' && lng !== 'ru') {
    it('is translated (differs from English in at least 95 % of its texts)', () => {
      const same = [...messages].filter(([key, value]) => /\p{L}{3}/u.test(value) && en.get(key) === value).map(([key]) => key);
      expect(same.length / messages.size, same.join(', ')).toBeLessThan(0.05);
    });
  }
});
