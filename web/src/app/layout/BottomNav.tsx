import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { findCatalogPage, useMenuPages } from '@/features/rows';
import { useModalPageState } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { paths } from '../paths';
import { HeartIcon, HomeIcon, SearchIcon, TvIcon, UserIcon } from './icons';
import styles from './BottomNav.module.css';

/** The catalogue: the header's menu pages are reached from it on narrow screens (spec "Header"). */
const CatalogIcon = () => (
  <svg width={24} height={24} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </svg>
);

/**
 * The bottom navigation bar of narrow screens (<= 1023 px; hidden by CSS on wider ones):
 * home, the catalogue (its page has the sub-menu of the menu pages, /{catalog}/{page}),
 * channels, search, and my favourites and the profile, or sign-in for guests.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const { isLogged } = useSession();
  const modalState = useModalPageState();
  const catalog = findCatalogPage(useMenuPages().data ?? []);

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
        {item(catalog ? `/${encodeURIComponent(catalog.slug)}` : paths.movies(), catalog?.title || t('rows.catalog'), <CatalogIcon />)}
        {item(paths.channels(), t('nav.channels'), <TvIcon />)}
        {item(paths.search(), t('nav.search'), <SearchIcon />)}
        {isLogged && item(paths.my(), t('nav.my'), <HeartIcon />)}
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
