import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../ui/LanguageSelect';
import styles from './auth.module.css';

/** The frame of the signed-out pages: the console's name, one card, the language. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('operator');
  return (
    <div className={styles.frame}>
      <header className={styles.brand}>
        <span className={styles.logo} aria-hidden="true" />
        <span>{t('app.name')}</span>
      </header>
      <main className={styles.card} id="main">
        {children}
      </main>
      <footer>
        <LanguageSelect className={styles.language} />
      </footer>
    </div>
  );
}
