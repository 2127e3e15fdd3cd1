import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, pickLanguage, type Language } from '@/shared/i18n/language';
import { APP_VERSION } from '@/shared/lib/constants';
import { readKey, writeKey } from '@/shared/session/storage';
import { StorageKey } from '@/shared/session/storageKeys';

// The console's translations: their own namespace files, /locales/{lng}/operator.json (the
// frame, sign-in, subscribers, staff, audit) and operator-{section}.json for each larger
// section (loaded when the section is first opened: useTranslation('operator-packets')), in
// the 11 interface languages. Only the console loads them, and it loads none of the viewer's
// texts. The language preference is the one the viewer's pages keep, so a staff member
// who watches in Kazakh also works in Kazakh.

export const CONSOLE_NS = 'operator';

export function consoleLanguage(i18n: I18n): Language {
  return pickLanguage(i18n.resolvedLanguage ?? i18n.language ?? null, []);
}

/** The console's i18next instance; its texts load in the background (pages suspend till then). */
export function createConsoleI18n(): I18n {
  const lng = pickLanguage(readKey(StorageKey.language), navigator.languages ?? [navigator.language]);
  const i18n = i18next.createInstance();
  void i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      fallbackLng: import.meta.env.DEV ? false : 'en',
      load: 'languageOnly',
      ns: [CONSOLE_NS],
      defaultNS: CONSOLE_NS,
      interpolation: { escapeValue: false },
      returnNull: false,
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${APP_VERSION}` },
      react: { useSuspense: true },
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (lngs, _ns, key) => {
        console.error(`[i18n] missing console key "${key}" for ${lngs.join(', ')}`);
      },
      parseMissingKeyHandler: import.meta.env.DEV ? (key: string) => `⟦${key}⟧` : undefined,
    });
  document.documentElement.lang = lng;
  return i18n;
}

export async function changeConsoleLanguage(i18n: I18n, lng: Language): Promise<void> {
  writeKey(StorageKey.language, lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}
