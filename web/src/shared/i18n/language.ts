// Interface languages (spec 9) and the normalisation of a stored language preference.

export const LANGUAGES = ['ru', 'en', 'bg', 'kk', 'tg', 'ky', 'uz', 'ka', 'lv', 'az', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'ru';

/** Names of the languages in themselves, for the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  ru: 'Русский',
  en: 'English',
  bg: 'Български',
  kk: 'Қазақша',
  tg: 'Тоҷикӣ',
  ky: 'Кыргызча',
  uz: 'Oʻzbekcha',
  ka: 'ქართული',
  lv: 'Latviešu',
  az: 'Azərbaycanca',
  ro: 'Română',
};

const ALIASES: Record<string, Language> = { kz: 'kk' };

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Normalises a stored or browser language tag: `kz` -> `kk`, regional and script
 * variants (`ru-RU`, `en_US`, `uz-Latn-UZ`, `kk-KZ`) -> the base language.
 * Returns null for anything that is not an interface language.
 */
export function normaliseLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const base = value.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const mapped = ALIASES[base] ?? base;
  return isLanguage(mapped) ? mapped : null;
}

/** The first usable language of: the stored preference, the browser's list, the default. */
export function pickLanguage(stored: string | null, browser: readonly string[]): Language {
  const fromStore = normaliseLanguage(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const lng = normaliseLanguage(tag);
    if (lng) return lng;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The interface languages a picker offers: those of network data (`languages`), all 11
 * when that list is empty or names none of them; the current one is always listed. The
 * header picker, the sign-in picker and Settings -> Language -> Interface use it.
 */
export function offeredLanguages(networkLanguages: readonly string[] | undefined, current: Language): Language[] {
  const offered = (networkLanguages ?? []).filter(isLanguage);
  const list = offered.length > 0 ? offered : [...LANGUAGES];
  return list.includes(current) ? list : [current, ...list];
}
