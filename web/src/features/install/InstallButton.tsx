import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './InstallButton.module.css';

/** The header's how-to-install button: opens the #install dialog over the current page. */
export function InstallButton() {
  const { t } = useTranslation();
  return (
    <Link to={{ hash: 'install' }} replace className={styles.headerButton} title={t('install.button')} data-install-button="">
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8M12 16v4" />
      </svg>
      <span className={styles.headerLabel}>{t('install.button')}</span>
    </Link>
  );
}
