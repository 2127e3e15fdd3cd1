import 'i18next';
import type en from '../../../public/locales/en/translation.json';

// Keys are typed from the English file: a wrong key is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
