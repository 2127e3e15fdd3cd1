import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useBrandName } from '@/shared/api';
import { usePartnerSettings } from '@/shared/lib/runMode';
import { StorageKey, writeKey } from '@/shared/session';
import { ButtonAnchor } from '@/shared/ui';
import { PartnerOffer } from './PartnerOffer';
import { openAppHref, storeLinksFor, type AppLinks } from './visibility';
import styles from './AppBanner.module.css';

/**
 * The invitation to the mobile app shown on phones. "Open" goes through /open_mobile_app
 * (the app, else its store page after the wait); "Skip" stores skipApp=1: the banner never
 * shows again in this browser. A partner with an offer (the bank app's) gets its two-step
 * full-screen offer instead.
 */
export default function AppBanner({ links }: { links: AppLinks }) {
  const { t } = useTranslation();
  const brand = useBrandName();
  const { pathname, search } = useLocation();
  const partner = usePartnerSettings();
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  const stores = storeLinksFor(navigator.userAgent, links);
  const openHref = openAppHref(pathname + search);

  const skip = () => {
    writeKey(StorageKey.skipApp, '1');
    setHidden(true);
    document.getElementById('main')?.focus();
  };

  if (partner.appOffer) return <PartnerOffer openHref={openHref} onSkip={skip} />;

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
        {stores.length === 1 ? (
          <ButtonAnchor href={openHref} size="small">
            {t('appBanner.open')}
          </ButtonAnchor>
        ) : (
          stores.map((s) => (
            <ButtonAnchor key={s.store} href={s.href} size="small" target="_blank" rel="noopener noreferrer">
              {t(s.store === 'ios' ? 'appBanner.appStore' : 'appBanner.googlePlay')}
            </ButtonAnchor>
          ))
        )}
        <button type="button" className={styles.skip} onClick={skip}>
          {t('appBanner.skip')}
        </button>
      </div>
    </aside>
  );
}
