import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandName, useResources } from '@/shared/api';
import { ButtonAnchor } from '@/shared/ui';
import { storeLinksFor } from './visibility';
import styles from './AppStorePage.module.css';

/**
 * /app_store: the operator's mobile apps (the device's own store first) and the way to the
 * TV and set-top box instructions. Needs no login.
 */
export default function AppStorePage() {
  const { t } = useTranslation();
  const brand = useBrandName();
  const links = useResources().data?.app_links;
  const stores = links ? storeLinksFor(navigator.userAgent, links) : [];
  // The device's own store leads; the other store stays reachable.
  const all = links ? storeLinksFor('', links) : [];
  const ordered = [...stores, ...all.filter((s) => !stores.some((o) => o.store === s.store))];
  return (
    <section className={styles.page} aria-labelledby="app-store-title" data-section="app_store">
      <h1 id="app-store-title">{t('install.app.title', { brand })}</h1>
      {ordered.length > 0 ? (
        <>
          <p className={styles.lead}>{t('install.app.text')}</p>
          <ul className={styles.stores}>
            {ordered.map((s, i) => (
              <li key={s.store}>
                <ButtonAnchor href={s.href} variant={i === 0 ? undefined : 'secondary'} rel="noopener noreferrer" data-store={s.store}>
                  {t(s.store === 'ios' ? 'install.app.appStore' : 'install.app.googlePlay')}
                </ButtonAnchor>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.lead}>{t('install.app.none')}</p>
      )}
      <p>
        <Link to={{ hash: 'install' }}>{t('install.app.tv')}</Link>
      </p>
    </section>
  );
}
