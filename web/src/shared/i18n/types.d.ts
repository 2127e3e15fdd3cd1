import 'i18next';
import type en from '../../../public/locales/en/translation.json';
import type enOperator from '../../../public/locales/en/operator.json';
import type enOperatorPackets from '../../../public/locales/en/operator-packets.json';
import type enChannels from '../../../public/locales/en/operator-channels.json';
import type enCatalog from '../../../public/locales/en/operator-catalog.json';
import type enOperatorPages from '../../../public/locales/en/operator-pages.json';
import type enOperatorEngage from '../../../public/locales/en/operator-engage.json';
import type enOperatorDashboard from '../../../public/locales/en/operator-dashboard.json';
import type enOperatorSettings from '../../../public/locales/en/operator-settings.json';
import type enIntegrations from '../../../public/locales/en/operator-integrations.json';

// Keys are typed from the English files: a wrong key is a type error. `operator` is the
// console's namespace (src/operator); the viewer's pages use `translation` only.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      operator: typeof enOperator;
      'operator-packets': typeof enOperatorPackets;
      'operator-channels': typeof enChannels;
      'operator-catalog': typeof enCatalog;
      'operator-pages': typeof enOperatorPages;
      'operator-engage': typeof enOperatorEngage;
      'operator-dashboard': typeof enOperatorDashboard;
      'operator-settings': typeof enOperatorSettings;
      'operator-integrations': typeof enIntegrations;
    };
  }
}
