import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../paths';
import own from './channels.module.css';

/** The section's own pages, under its heading. */
export function ChannelsNav() {
  const { t } = useTranslation('operator-channels');
  const links = [
    { to: paths.channels, label: t('nav.lineup'), end: true },
    { to: paths.channelCategories, label: t('nav.categories') },
    { to: paths.channelGuide, label: t('nav.guide') },
    { to: paths.channelImport, label: t('nav.import') },
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
