import { useTranslation } from 'react-i18next';
import { useNetwork, useSupportContacts } from '@/shared/api';
import { telHref } from '@/shared/ui';
import { useBoot } from '../boot/bootStore';
import styles from './SectionPage.module.css';

/**
 * /geo_lock: the unsupported-region message with the country and the client address
 * (from the 403 answer, else network data) and the support contacts.
 */
export default function GeoLockPage() {
  const { t } = useTranslation();
  const { geoLocked } = useBoot();
  const network = useNetwork().data;
  const support = useSupportContacts();
  const country = geoLocked?.country || network?.country || '—';
  const remote = geoLocked?.remote || network?.remote || '—';
  return (
    <section className={styles.section} aria-labelledby="geo-title">
      <h1 id="geo-title">{t('geoLock.title')}</h1>
      <p className={styles.text}>{t('geoLock.text')}</p>
      <p>{t('geoLock.details', { country, remote })}</p>
      {support && (support.phone || support.email || support.url) && (
        <>
          <p>{t('geoLock.contacts')}</p>
          <ul>
            {support.phone && (
              <li>
                {t('geoLock.phone')}: <a href={telHref(support.phone)}>{support.phone}</a>
              </li>
            )}
            {support.email && (
              <li>
                {t('geoLock.email')}: <a href={`mailto:${support.email}`}>{support.email}</a>
              </li>
            )}
            {support.url && (
              <li>
                {t('geoLock.site')}:{' '}
                <a href={support.url} target="_blank" rel="noopener noreferrer">
                  {support.url.replace(/^https?:\/\//, '')}
                </a>
              </li>
            )}
          </ul>
        </>
      )}
    </section>
  );
}
