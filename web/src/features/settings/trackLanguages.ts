// Ordered preference lists of audio and subtitle languages (user settings).

/** Track languages the viewer can choose from (ISO 639-1). */
export const TRACK_LANGUAGES = ['ru', 'en', 'kk', 'uz', 'ky', 'tg', 'ka', 'az', 'ro', 'lv', 'bg', 'uk', 'de', 'fr', 'es', 'it', 'tr', 'zh', 'ja', 'ko'] as const;

export function moveLanguage(list: readonly string[], code: string, by: -1 | 1): string[] {
  const i = list.indexOf(code);
  const j = i + by;
  if (i < 0 || j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

export function addLanguage(list: readonly string[], code: string): string[] {
  return list.includes(code) ? [...list] : [...list, code];
}

export function removeLanguage(list: readonly string[], code: string): string[] {
  return list.filter((c) => c !== code);
}

/** The language's own name in the interface language, e.g. "English" / "английский". */
export function languageName(code: string, uiLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1) : code;
  } catch {
    return code;
  }
}
