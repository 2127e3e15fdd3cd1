import 'i18next';
import type en from '../../../public/locales/en/translation.json';
import type enOperator from '../../../public/locales/en/operator.json';
// namespace import: packets
// namespace import: channels
// namespace import: catalog
// namespace import: pages
// namespace import: engage
// namespace import: settings
// namespace import: integrations

// Keys are typed from the English files: a wrong key is a type error. `operator` is the
// console's namespace (src/operator); the viewer's pages use `translation` only.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      operator: typeof enOperator;
      // namespace: packets
      // namespace: channels
      // namespace: catalog
      // namespace: pages
      // namespace: engage
      // namespace: settings
      // namespace: integrations
    };
  }
}
