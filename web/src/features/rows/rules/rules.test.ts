import { describe, expect, it } from 'vitest';
import type { Content, MenuPage, Row } from '../types';
import { contentImage, contentRating, contentTilePath, formatRating, ratingColor } from './content';
import { catalogSubPages, menuPagePath, menuPagesFrom, visibleMenuPages } from './menu';
import { mergeRowPages, nextPage } from './pages';
import { rowPageSize, showsOpenAll } from './sizes';
import { isPrerender, shouldAutoRotate, stepSlide, swipeStep } from './slider';

const row = (template: Row['template'], contents: Partial<Content>[] = [], more = 0): Row =>
  ({ id: 1, slug: 'r', title: 'R', template, content_type: 'contents', more_count: more, limit: 20, offset: 0, contents }) as Row;

describe('row page sizes (spec 9)', () => {
  it('is 21 for content-v, 18 for content-h and 24 otherwise', () => {
    expect(rowPageSize('content-v')).toBe(21);
    expect(rowPageSize('content-h')).toBe(18);
    for (const t of ['history-h', 'channel', 'person', 'promo-bg', 'donate_packs']) expect(rowPageSize(t)).toBe(24);
  });

  it('stops when a batch is shorter than its limit', () => {
    const full = row('content-v', Array.from({ length: 21 }, (_, i) => ({ id: i })));
    expect(nextPage(full, { offset: 0, limit: 21 }, 21)).toEqual({ offset: 21, limit: 21 });
    expect(nextPage(full, { offset: 100, limit: 21 }, 50)).toEqual({ offset: 121, limit: 50 });
    expect(nextPage(row('content-v', [{ id: 1 }]), { offset: 21, limit: 21 }, 21)).toBeUndefined();
    expect(nextPage(row('content-v', []), { offset: 0, limit: 0 }, 21)).toBeUndefined();
  });

  it('merges pages and drops repeated ids (spec 5)', () => {
    const merged = mergeRowPages([row('content-v', [{ id: 1 }, { id: 2 }], 5), row('content-v', [{ id: 2 }, { id: 3 }], 3)]);
    expect(merged?.contents?.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(merged?.more_count).toBe(3);
    expect(mergeRowPages([])).toBeUndefined();
  });
});

describe('open-all tile (spec 2)', () => {
  it('shows past 6 items on content-h, content-v, history-h and channel only', () => {
    for (const t of ['content-h', 'content-v', 'history-h', 'channel']) {
      expect(showsOpenAll(t, 7)).toBe(true);
      expect(showsOpenAll(t, 6)).toBe(false);
    }
    for (const t of ['history', 'person', 'promo-wide', 'collection-v']) expect(showsOpenAll(t, 30)).toBe(false);
  });
});

describe('content tiles', () => {
  const c = {
    id: 7,
    slug: 'matrica-snov-7',
    content_type: 'movie',
    images: [{ type: 'poster', aspect_ratio: '2:3', src: '/p.svg' }],
    cover: { src_16x9: '/c.svg', src_2x3: '' },
    rating_kinopoisk: null,
    rating_imdb: 7.44,
    ratings: [],
  } as unknown as Content;

  it('picks the poster or the cover', () => {
    expect(contentImage(c, 'poster')).toBe('/p.svg');
    expect(contentImage(c, 'cover')).toBe('/c.svg');
  });

  it('links contents to their page and episodes to /watch', () => {
    expect(contentTilePath(c, 3)).toBe('/contents/matrica-snov-7?library_id=3');
    expect(contentTilePath({ ...c, content_type: 'episode', slug: 'ep-9', id: 9 })).toBe('/watch/ep-9');
  });

  it('shows the rating to one decimal, coloured from 6.1 up', () => {
    expect(contentRating(c)).toBe(7.44);
    expect(formatRating(7.44, 'en')).toBe('7.4');
    expect(formatRating(8, 'ru')).toBe('8,0');
    expect(ratingColor(6.1)).not.toBe(ratingColor(6.0));
    expect(ratingColor(9)).toMatch(/^hsl\((1[0-3]\d),/);
    expect(ratingColor(3)).toMatch(/^hsl\(([0-2]?\d),/);
  });
});

describe('promo slider rules (spec 2, 9)', () => {
  const base = { count: 3, hovered: false, focused: false, reducedMotion: false };
  it('rotates only with more than one item and nobody on it', () => {
    expect(shouldAutoRotate(base)).toBe(true);
    expect(shouldAutoRotate({ ...base, count: 1 })).toBe(false);
    expect(shouldAutoRotate({ ...base, hovered: true })).toBe(false);
    expect(shouldAutoRotate({ ...base, focused: true })).toBe(false);
    expect(shouldAutoRotate({ ...base, reducedMotion: true })).toBe(false);
    expect(shouldAutoRotate({ ...base, prerender: true })).toBe(false);
    expect(shouldAutoRotate({ ...base, paused: true })).toBe(false);
    expect(shouldAutoRotate({ ...base, hidden: true })).toBe(false);
  });

  it('wraps around both ends', () => {
    expect(stepSlide(2, 1, 3)).toBe(0);
    expect(stepSlide(0, -1, 3)).toBe(2);
    expect(stepSlide(0, 1, 0)).toBe(0);
  });

  it('moves on a drag of at least 50 px', () => {
    expect(swipeStep(-50)).toBe(1);
    expect(swipeStep(-49)).toBe(0);
    expect(swipeStep(60)).toBe(-1);
    expect(swipeStep(0)).toBe(0);
  });

  it('recognises prerender clients', () => {
    expect(isPrerender('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(isPrerender('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36')).toBe(false);
  });
});

describe('menu pages (spec "Header")', () => {
  const page = (x: Partial<MenuPage>): MenuPage =>
    ({ id: 1, slug: 's', title: 'T', template: 'contents', url: '', icon: null, menu_sort: 1, is_menu: true, for_kids: false, hide_for_child: false, ...x }) as MenuPage;

  it('keeps the menu pages in menu order', () => {
    const list = [page({ id: 3, menu_sort: 3 }), page({ id: 9, menu_sort: 0, is_menu: false }), page({ id: 1, menu_sort: 1 })];
    expect(menuPagesFrom(list).map((p) => p.id)).toEqual([1, 3]);
  });

  it('leads outer_link to its url, startpage to the root, the others to /{slug}', () => {
    expect(menuPagePath(page({ template: 'outer_link', url: '/faq' }))).toBe('/faq');
    expect(menuPagePath(page({ template: 'startpage', slug: 'startpage' }))).toBe('/');
    expect(menuPagePath(page({ template: 'contents', slug: 'kids' }))).toBe('/kids');
    expect(menuPagePath(page({ template: 'tvchannels', slug: 'channels' }))).toBe('/channels');
  });

  it('hides my-pages from guests and item 1000 from children', () => {
    const list = [page({ id: 1 }), page({ id: 2, slug: 'my' }), page({ id: 1000 }), page({ id: 4, hide_for_child: true })];
    expect(visibleMenuPages(list, { isLogged: false, isChild: false }).map((p) => p.id)).toEqual([1, 1000, 4]);
    expect(visibleMenuPages(list, { isLogged: true, isChild: true }).map((p) => p.id)).toEqual([1, 2]);
  });

  it('lists the catalogue pages for the narrow sub-menu', () => {
    const list = [page({ id: 1, template: 'startpage' }), page({ id: 2, slug: 'movies' }), page({ id: 3, template: 'group.catalog' }), page({ id: 4, template: 'outer_link' }), page({ id: 5, template: 'tvchannels' })];
    expect(catalogSubPages(list).map((p) => p.id)).toEqual([2]);
  });
});
