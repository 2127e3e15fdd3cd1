import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { paths } from '../paths';
import { GuideIcon, HeartIcon, HomeIcon, SearchIcon, TvIcon, UserIcon } from './icons';
import styles from './BottomNav.module.css';

/** The bottom navigation bar of narrow screens (<= 1023 px); hidden by CSS on wider ones. */
export function BottomNav() {
  const { t } = useTranslation();
  const { isLogged } = useSession();
  const modalState = useModalPageState();

  const item = (to: string, label: string, icon: ReactNode, end = false) => (
    <li>
      <NavLink to={to} end={end}>
        {icon}
        <span>{label}</span>
      </NavLink>
    </li>
  );

  return (
    <nav className={styles.bar} aria-label={t('nav.bottomNav')}>
      <ul className={styles.list}>
        {item(paths.home(), t('nav.home'), <HomeIcon />, true)}
        {item(paths.channels(), t('nav.channels'), <TvIcon />)}
        {item(paths.search(), t('nav.search'), <SearchIcon />)}
        {isLogged ? item(paths.my(), t('nav.my'), <HeartIcon />) : item(paths.guide(), t('nav.guide'), <GuideIcon />)}
        <li>
          {isLogged ? (
            <Link to={paths.settings()} state={modalState}>
              <UserIcon />
              <span>{t('nav.profile')}</span>
            </Link>
          ) : (
            <Link to={{ hash: 'auth' }} replace>
              <UserIcon />
              <span>{t('nav.signIn')}</span>
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
