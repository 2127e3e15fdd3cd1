import 'i18next';
import type en from '../../../public/locales/en/translation.json';
import type enOperator from '../../../public/locales/en/operator.json';

// Keys are typed from the English files: a wrong key is a type error. `operator` is the
// console's namespace (src/operator); the viewer's pages use `translation` only.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; operator: typeof enOperator };
  }
}
