import { useTranslation } from 'react-i18next';
import { useBrandName } from '@/shared/api';
import { useSession } from '@/shared/session';
import { ButtonLink } from '@/shared/ui';
import styles from './HomeView.module.css';

/**
 * The main page (`/`, `/startpage`, and any unknown path). The start-page rowset with
 * its rows replaces the hero once the catalogue area lands; the sign-in call stays for guests.
 */
export function HomeView() {
  const { t } = useTranslation();
  const brand = useBrandName();
  const { isLogged } = useSession();

  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          {t('home.welcome', { brand })}
        </h1>
        <p className={styles.lead}>{t('home.lead')}</p>
        {isLogged && (
          <ButtonLink to="/channels" variant="secondary">
            {t('home.toChannels')}
          </ButtonLink>
        )}
      </section>
      {!isLogged && (
        <section className={styles.cta} aria-labelledby="home-signin">
          <div className={styles.ctaText}>
            <h2 id="home-signin">{t('home.guestTitle')}</h2>
            <p>{t('home.guestText')}</p>
          </div>
          <ButtonLink to={{ hash: 'auth' }} replace>
            {t('home.guestAction')}
          </ButtonLink>
        </section>
      )}
    </>
  );
}
