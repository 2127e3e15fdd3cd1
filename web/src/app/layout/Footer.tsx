import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandName, useSupportContacts } from '@/shared/api';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { SupportContactItems } from '@/shared/ui';
import { paths } from '../paths';
import styles from './Footer.module.css';

/** Legal and help links, and the support contacts of the provider from network data. */
export function Footer() {
  const { t } = useTranslation();
  const brand = useBrandName();
  const support = useSupportContacts();
  const modalState = useModalPageState();

  return (
    <footer className={styles.footer}>
      <div className={styles.row}>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.links}>
            <li>
              <Link to={paths.agreement()} state={modalState}>
                {t('footer.agreement')}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy()} state={modalState}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to={paths.terms()}>{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to={paths.faq()}>{t('footer.faq')}</Link>
            </li>
          </ul>
        </nav>
        {support && (support.phone || support.email || support.url) && (
          <section aria-labelledby="footer-support">
            <h2 id="footer-support" className={styles.heading}>
              {t('footer.support')}
            </h2>
            <ul className={styles.contacts}>
              <SupportContactItems support={support} />
            </ul>
          </section>
        )}
      </div>
      <p className={styles.copy}>{t('footer.copyright', { year: new Date().getFullYear(), brand })}</p>
    </footer>
  );
}
