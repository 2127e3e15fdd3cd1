import { useTranslation } from 'react-i18next';
import styles from '../ui/console.module.css';
import { useTitle } from '../ui/useTitle';
import { ApiLogSection } from './ApiLogSection';
import { BillingSection } from './BillingSection';
import { CallbacksSection } from './CallbacksSection';
import { TokensSection } from './TokensSection';

/** The operator's machine access: provider API tokens, billing callbacks and both logs. */
export default function IntegrationsPage() {
  const { t } = useTranslation('operator-integrations');
  useTitle(t('title'));
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('title')}</h1>
      </div>
      <p className={styles.muted}>{t('intro')}</p>
      <TokensSection />
      <BillingSection />
      <ApiLogSection />
      <CallbacksSection />
    </div>
  );
}
