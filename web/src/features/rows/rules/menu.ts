import type { MenuPage } from '../types';

// Menu pages of the header (spec 2 "Header", 3 "Menu page"). GET /v2/rowsets lists every
// rowset; the menu is the ones with is_menu, in menu_sort order.

/** The item hidden for child profiles in the header and the footer (spec 6). */
export const CHILD_HIDDEN_MENU_ID = 1000;

/** The menu pages of a /v2/rowsets answer, in menu order. */
export function menuPagesFrom(answer: readonly MenuPage[] | null | undefined): MenuPage[] {
  return (answer ?? []).filter((p) => p.is_menu || p.menu_sort > 0).sort((a, b) => a.menu_sort - b.menu_sort);
}

const isTvChannels = (template: string) => template.startsWith('tvchannels');

/**
 * Where a menu page leads (spec "Header"): outer_link to its url (or slug), startpage to
 * the root, the others to /{slug}. TV channel pages go straight to /channels, where their
 * rowset page would send the viewer anyway.
 */
export function menuPagePath(p: Pick<MenuPage, 'slug' | 'template' | 'url'>): string {
  if (p.template === 'outer_link') return p.url || `/${p.slug}`;
  if (p.template === 'startpage') return '/';
  if (isTvChannels(p.template)) return '/channels';
  return `/${encodeURIComponent(p.slug)}`;
}

/** An absolute URL of another site (opened as a plain link, not a route). */
export const isExternalUrl = (to: string) => /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//');

/** Pages of the viewer's own (favourites): hidden from guests. */
export const isMyPage = (p: Pick<MenuPage, 'slug' | 'url'>) => p.slug === 'my' || p.url === '/my';

/** Hidden for a child profile: the spec's item 1000 (the server marks it). */
export const hiddenForChild = (p: Pick<MenuPage, 'id' | 'hide_for_child'>) => p.hide_for_child || p.id === CHILD_HIDDEN_MENU_ID;

export interface MenuViewer {
  isLogged: boolean;
  isChild: boolean;
}

/** The menu pages this viewer sees. */
export const visibleMenuPages = (pages: readonly MenuPage[], v: MenuViewer) =>
  pages.filter((p) => (v.isLogged || !isMyPage(p)) && !(v.isChild && hiddenForChild(p)));

/** The pages the catalogue sub-menu of narrow screens lists (spec "Header": /{catalog}/{page}). */
export function catalogSubPages(pages: readonly MenuPage[]): MenuPage[] {
  return pages.filter((p) => !['startpage', 'outer_link', 'search', 'group.catalog', 'catalog'].includes(p.template) && !isTvChannels(p.template) && !isMyPage(p));
}

/** The catalogue hub among the menu pages (template group.catalog or catalog). */
export const findCatalogPage = (pages: readonly MenuPage[]) => pages.find((p) => p.template === 'group.catalog' || p.template === 'catalog');
