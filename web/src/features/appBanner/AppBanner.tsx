import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandName } from '@/shared/api';
import { StorageKey, writeKey } from '@/shared/session';
import { ButtonAnchor } from '@/shared/ui';
import { storeLinksFor, type AppLinks } from './visibility';
import styles from './AppBanner.module.css';

/**
 * The invitation to the mobile app shown on phones. "Skip" stores skipApp=1: the banner
 * never shows again in this browser.
 */
export default function AppBanner({ links }: { links: AppLinks }) {
  const { t } = useTranslation();
  const brand = useBrandName();
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  const stores = storeLinksFor(navigator.userAgent, links);

  const skip = () => {
    writeKey(StorageKey.skipApp, '1');
    setHidden(true);
    document.getElementById('main')?.focus();
  };

  return (
    <aside className={styles.banner} aria-labelledby="app-banner-title">
      <span className={styles.icon} aria-hidden="true">
        {brand.slice(0, 1)}
      </span>
      <div className={styles.body}>
        <p id="app-banner-title" className={styles.title}>
          {t('appBanner.title', { brand })}
        </p>
        <p className={styles.text}>{t('appBanner.text')}</p>
      </div>
      <div className={styles.actions}>
        {stores.map((s) => (
          <ButtonAnchor key={s.store} href={s.href} size="small" target="_blank" rel="noopener noreferrer">
            {stores.length === 1 ? t('appBanner.open') : t(s.store === 'ios' ? 'appBanner.appStore' : 'appBanner.googlePlay')}
          </ButtonAnchor>
        ))}
        <button type="button" className={styles.skip} onClick={skip}>
          {t('appBanner.skip')}
        </button>
      </div>
    </aside>
  );
}
