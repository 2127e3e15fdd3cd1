import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/shared/ui';
import styles from './Settings.module.css';

/** Subscriptions and payment until the commerce area fills them. */
export function PlaceholderSection({ kind }: { kind: 'subscriptions' | 'payment' }) {
  const { t } = useTranslation();
  return (
    <div className={styles.card}>
      <p className={styles.muted}>{t(kind === 'subscriptions' ? 'settings.subscriptionsEmpty' : 'settings.paymentEmpty')}</p>
      {kind === 'subscriptions' && (
        <div>
          <ButtonLink to="/packets" variant="secondary" size="small">
            {t('settings.toPackets')}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
