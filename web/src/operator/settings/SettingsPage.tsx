import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import styles from '../ui/console.module.css';
import { QueryState } from '../ui/QueryState';
import { useTitle } from '../ui/useTitle';
import { pagesQuery, settingsQuery } from './api';
import { InstallPanel } from './InstallPanel';
import { LogoPanel } from './LogoPanel';
import { ModesPanel } from './ModesPanel';
import { PlayerPanel } from './PlayerPanel';
import { SettingsForm } from './SettingsForm';

/** The operator's own settings: what viewers see of it, sign-in, access and its pages. */
export default function SettingsPage() {
  const { t } = useTranslation('operator-settings');
  const settings = useQuery(settingsQuery());
  const pages = useQuery(pagesQuery());
  useTitle(t('title'));

  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1>{t('title')}</h1>
      </div>
      <p className={styles.muted}>{t('intro')}</p>
      {!settings.data || !pages.data ? (
        <QueryState
          error={settings.error ?? pages.error}
          onRetry={() => {
            void settings.refetch();
            void pages.refetch();
          }}
        />
      ) : (
        <>
          <LogoPanel settings={settings.data} />
          <SettingsForm settings={settings.data} pages={pages.data} />
          <ModesPanel />
          <PlayerPanel />
          <InstallPanel />
        </>
      )}
    </div>
  );
}
