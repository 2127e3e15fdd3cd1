// Plural categories. Texts are never chosen here: i18next picks `key_one`, `key_few`,
// `key_many`, `key_other` by the same CLDR rules; this helper tells tests and tools which
// suffixes a language needs.

export type PluralCategory = Intl.LDMLPluralRule;

const rulesCache = new Map<string, Intl.PluralRules>();

function rules(lng: string): Intl.PluralRules {
  let r = rulesCache.get(lng);
  if (!r) {
    r = new Intl.PluralRules(lng);
    rulesCache.set(lng, r);
  }
  return r;
}

/** The CLDR category of `count` in `lng` (ru: 1 -> one, 2..4 -> few, 5..20 -> many). */
export function pluralCategory(lng: string, count: number): PluralCategory {
  return rules(lng).select(count);
}

/** Suffixes a plural key must have in `lng`, e.g. ru -> [_few, _many, _one, _other]. */
export function pluralSuffixes(lng: string): string[] {
  return rules(lng)
    .resolvedOptions()
    .pluralCategories.map((c) => `_${c}`)
    .sort();
}

const SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The base key of a plural key (`days_few` -> `days`), or null for an ordinary key. */
export function pluralBase(key: string): string | null {
  return SUFFIX.test(key) ? key.replace(SUFFIX, '') : null;
}
