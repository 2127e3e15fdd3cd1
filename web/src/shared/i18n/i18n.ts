import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { APP_VERSION } from '../lib/constants';
import { readKey, writeKey } from '../session/storage';
import { StorageKey } from '../session/storageKeys';
import { LANGUAGES, pickLanguage, type Language } from './language';

// i18next with the 11 interface languages loaded over HTTP from /locales/{lng}/translation.json.
// Only the current language (plus English as the fallback) is fetched.

export const i18n = i18next.createInstance();

export function currentLanguage(): Language {
  return pickLanguage(i18n.resolvedLanguage ?? i18n.language ?? null, []);
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = pickLanguage(readKey(StorageKey.language), navigator.languages ?? [navigator.language]);
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      fallbackLng: import.meta.env.DEV ? false : 'en',
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
      backend: { loadPath: `/locales/{{lng}}/translation.json?v=${APP_VERSION}` },
      react: { useSuspense: true },
      // A missing key is loud in development: logged and shown as ⟦key⟧ on the page.
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (lngs, _ns, key) => {
        console.error(`[i18n] missing key "${key}" for ${lngs.join(', ')}`);
      },
      parseMissingKeyHandler: import.meta.env.DEV ? (key: string) => `⟦${key}⟧` : undefined,
    });
  document.documentElement.lang = lng;
  return i18n;
}

export async function changeLanguage(lng: Language): Promise<void> {
  writeKey(StorageKey.language, lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}
