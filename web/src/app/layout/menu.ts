import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/session';
import { paths } from '../paths';

export interface MenuItem {
  to: string;
  label: string;
}

/**
 * The header menu. The catalogue area replaces this fixed list with the menu pages of
 * the start rowset (spec "Header"); my-pages stay hidden from guests.
 */
export function useMenuItems(): MenuItem[] {
  const { t } = useTranslation();
  const { isLogged } = useSession();
  const items: MenuItem[] = [
    { to: paths.home(), label: t('nav.home') },
    { to: paths.channels(), label: t('nav.channels') },
    { to: paths.guide(), label: t('nav.guide') },
    { to: paths.movies(), label: t('nav.movies') },
    { to: paths.series(), label: t('nav.series') },
  ];
  if (isLogged) items.push({ to: paths.my(), label: t('nav.my') });
  return items;
}
