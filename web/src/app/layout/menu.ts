import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isExternalUrl, menuPagePath, useMenuPages, visibleMenuPages, type MenuPage, type MenuViewer } from '@/features/rows';
import { useSession } from '@/shared/session';
import { paths } from '../paths';

export interface MenuItem {
  to: string;
  label: string;
  /** Another site's address (an outer_link page): a plain link, not a route. */
  external?: boolean;
}

export interface FixedLabels {
  home: string;
  channels: string;
  guide: string;
  movies: string;
  series: string;
  my: string;
}

/**
 * The header menu (spec "Header"): the menu pages of the rowsets list (outer_link to its
 * url, startpage to the root, others to /{slug}); my-pages hidden from guests, item 1000
 * from child profiles. The live-TV items (Channels, Guide) stay: they are added after the
 * start page when no menu page leads there. Without menu pages (loading, an operator with
 * none, an error) the fixed list of the sections is shown.
 */
export function buildMenu(pages: readonly MenuPage[] | undefined, viewer: MenuViewer, labels: FixedLabels): MenuItem[] {
  const items: MenuItem[] = [];
  const add = (item: MenuItem, at = items.length) => {
    if (!items.some((i) => i.to === item.to)) items.splice(at, 0, item);
  };
  if (!pages || pages.length === 0) {
    add({ to: paths.home(), label: labels.home });
    add({ to: paths.channels(), label: labels.channels });
    add({ to: paths.guide(), label: labels.guide });
    add({ to: paths.movies(), label: labels.movies });
    add({ to: paths.series(), label: labels.series });
  } else {
    for (const p of visibleMenuPages(pages, viewer)) {
      const to = menuPagePath(p);
      add({ to, label: p.title, external: isExternalUrl(to) || undefined });
    }
    if (!items.some((i) => i.to === paths.home())) add({ to: paths.home(), label: labels.home }, 0);
    const afterHome = items.findIndex((i) => i.to === paths.home()) + 1;
    add({ to: paths.channels(), label: labels.channels }, afterHome);
    add({ to: paths.guide(), label: labels.guide }, items.findIndex((i) => i.to === paths.channels()) + 1);
  }
  if (viewer.isLogged && !viewer.isChild) add({ to: paths.my(), label: labels.my });
  return items;
}

export function useMenuItems(): MenuItem[] {
  const { t } = useTranslation();
  const { isLogged, profile } = useSession();
  const isChild = profile?.role === 'child';
  const pages = useMenuPages().data;
  return useMemo(
    () =>
      buildMenu(pages, { isLogged, isChild }, {
        home: t('nav.home'),
        channels: t('nav.channels'),
        guide: t('nav.guide'),
        movies: t('nav.movies'),
        series: t('nav.series'),
        my: t('nav.my'),
      }),
    [pages, isLogged, isChild, t],
  );
}

/**
 * How many menu items fit (spec "Header": the rest go into the '...' dropdown): all when
 * their widths fit the room, else as many as fit beside the '...' button.
 */
export function fitCount(widths: readonly number[], room: number, moreWidth: number): number {
  const all = widths.reduce((a, b) => a + b, 0);
  if (all <= room) return widths.length;
  let used = moreWidth;
  let n = 0;
  while (n < widths.length && used + widths[n]! <= room) used += widths[n++]!;
  return n;
}
