export { i18n, initI18n, changeLanguage, currentLanguage } from './i18n';
export { LANGUAGES, LANGUAGE_NAMES, DEFAULT_LANGUAGE, normaliseLanguage, pickLanguage, isLanguage, offeredLanguages } from './language';
export type { Language } from './language';
export { pluralCategory, pluralSuffixes, pluralBase } from './plural';
export { waitText } from './duration';
