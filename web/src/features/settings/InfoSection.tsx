import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSupportContacts } from '@/shared/api';
import { APP_VERSION } from '@/shared/lib/constants';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { SupportContactItems } from '@/shared/ui';
import styles from './Settings.module.css';

/** Settings -> information: the app version, support contacts and the legal texts. */
export function InfoSection() {
  const { t } = useTranslation();
  const modalState = useModalPageState();
  return (
    <div className={styles.stack}>
      <p>{t('settings.version', { version: APP_VERSION })}</p>
      <SupportContacts />
      <ul className={styles.plainList}>
        <li>
          <Link to="/agreement" state={modalState}>
            {t('footer.agreement')}
          </Link>
        </li>
        <li>
          <Link to="/privacy" state={modalState}>
            {t('footer.privacy')}
          </Link>
        </li>
      </ul>
    </div>
  );
}

export function SupportContacts() {
  const { t } = useTranslation();
  const support = useSupportContacts();
  if (!support) return null;
  return (
    <section aria-labelledby="support-title" className={styles.card}>
      <h4 id="support-title" className={styles.cardTitle}>
        {t('footer.support')}
      </h4>
      <ul className={styles.plainList}>
        <SupportContactItems support={support} />
      </ul>
    </section>
  );
}
