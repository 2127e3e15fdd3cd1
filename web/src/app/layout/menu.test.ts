import { describe, expect, it } from 'vitest';
import type { MenuPage } from '@/features/rows';
import { buildMenu, fitCount } from './menu';

const labels = { home: 'Home', channels: 'TV', guide: 'Guide', movies: 'Movies', series: 'Series', my: 'My' };
const page = (x: Partial<MenuPage>): MenuPage =>
  ({ id: 1, slug: 's', title: 'T', template: 'contents', url: '', icon: null, menu_sort: 1, is_menu: true, for_kids: false, hide_for_child: false, ...x }) as MenuPage;

describe('menu overflow split', () => {
  it('shows every item when all fit', () => {
    expect(fitCount([100, 100, 100], 300, 48)).toBe(3);
  });

  it('keeps the items that fit beside the more button', () => {
    expect(fitCount([100, 100, 100], 299, 48)).toBe(2);
    expect(fitCount([100, 100, 100], 247, 48)).toBe(1);
    expect(fitCount([100, 100, 100], 100, 48)).toBe(0);
  });
});

describe('header menu from menu pages', () => {
  const pages = [
    page({ id: 1, slug: 'startpage', template: 'startpage', title: 'Main' }),
    page({ id: 2, slug: 'channels', template: 'tvchannels', title: 'Channels' }),
    page({ id: 3, slug: 'movies', title: 'Films' }),
    page({ id: 1000, slug: 'adult', title: 'Night' }),
    page({ id: 7, slug: 'help', template: 'outer_link', url: 'https://example.org/help', title: 'Help' }),
  ];

  it('follows the menu pages and keeps the guide after the channels', () => {
    const items = buildMenu(pages, { isLogged: false, isChild: false }, labels);
    expect(items.map((i) => i.to)).toEqual(['/', '/channels', '/guide', '/movies', '/adult', 'https://example.org/help']);
    expect(items.map((i) => i.label)).toEqual(['Main', 'Channels', 'Guide', 'Films', 'Night', 'Help']);
    expect(items.at(-1)?.external).toBe(true);
  });

  it('adds the fixed live-TV items when no page leads there, and My for signed-in adults', () => {
    const items = buildMenu([page({ id: 3, slug: 'movies', title: 'Films' })], { isLogged: true, isChild: false }, labels);
    expect(items.map((i) => i.to)).toEqual(['/', '/channels', '/guide', '/movies', '/my']);
  });

  it('hides item 1000 for a child profile', () => {
    expect(buildMenu(pages, { isLogged: true, isChild: true }, labels).some((i) => i.to === '/adult')).toBe(false);
  });

  it('falls back to the sections without menu pages', () => {
    expect(buildMenu(undefined, { isLogged: false, isChild: false }, labels).map((i) => i.to)).toEqual(['/', '/channels', '/guide', '/movies', '/series']);
  });
});
