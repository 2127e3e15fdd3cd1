import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../paths';
import own from './catalog.module.css';

/** The catalogue's own sections, under its heading. */
export function CatalogNav() {
  const { t } = useTranslation('operator-catalog');
  const links = [
    { to: paths.catalog, label: t('nav.contents'), end: true },
    { to: paths.catalogPersons, label: t('nav.persons') },
    { to: paths.catalogGenres, label: t('nav.genres') },
    { to: paths.catalogLibraries, label: t('nav.libraries') },
    { to: paths.catalogImport, label: t('nav.import') },
  ];
  return (
    <nav aria-label={t('nav.label')} className={own.subnav}>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} end={l.end}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
