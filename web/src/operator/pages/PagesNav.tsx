import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../paths';
import styles from './pages.module.css';

/** The pages section's own tabs: the rowsets, banners, news and SEO texts. */
export function PagesNav() {
  const { t } = useTranslation('operator-pages');
  const links = [
    { to: paths.pages, label: t('nav.rowsets'), end: true },
    { to: paths.pagesBanners, label: t('nav.banners'), end: false },
    { to: paths.pagesNews, label: t('nav.news'), end: false },
    { to: paths.pagesSeo, label: t('nav.seo'), end: false },
  ];
  return (
    <nav aria-label={t('nav.label')} className={styles.tabs}>
      {links.map((l) => (
        <NavLink key={l.to} to={l.to} end={l.end} className={({ isActive }) => (isActive ? styles.tabActive : styles.tab)}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
