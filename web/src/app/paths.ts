// Builders of the client's URLs (spec 2 of both documents), so links are never
// assembled by hand in components.

export const paths = {
  home: () => '/',
  channels: (category?: string | number) => (category === undefined ? '/channels' : `/channels/${category}`),
  channel: (category: string | number, channel: string | number, ts?: number) =>
    `/channels/${category}/${channel}${ts === undefined ? '' : `?ts=${ts}`}`,
  guide: () => '/guide',
  movies: () => '/movies',
  series: () => '/series',
  my: () => '/my',
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(normaliseSearchTerm(q))}` : '/search'),
  content: (slug: string | number, child?: string | number) => `/contents/${slug}${child === undefined ? '' : `/${child}`}`,
  watch: (id: string | number) => `/watch/${id}`,
  trailer: (id: string | number) => `/trailers/${id}`,
  person: (id: string | number) => `/persons/${id}`,
  row: (id: string | number) => `/row/${id}`,
  rowset: (id: string | number) => `/rowset/${id}`,
  catalog: (id: string | number) => `/catalog/${id}`,
  packets: (id?: string | number) => (id === undefined ? '/packets' : `/packets/${id}`),
  provider: (shortname: string) => `/provider/${shortname}`,
  promo: (id?: string) => (id ? `/promo/${id}` : '/promo'),
  gift: () => '/gift',
  news: (id?: string | number) => (id === undefined ? '/news' : `/news/${id}`),
  agreement: () => '/agreement',
  privacy: () => '/privacy',
  terms: () => '/terms',
  faq: () => '/faq',
  settings: (section?: string) => (section ? `/settings/${section}` : '/settings'),
  settingsLanguage: (id: string) => `/settings/language/${id}`,
  lk: () => '/lk',
  lkParental: () => '/lk_parental',
  geoLock: () => '/geo_lock',
} as const;

/** The search term as the route carries it: trimmed, lower-cased, at most 255 characters. */
export function normaliseSearchTerm(q: string): string {
  return q.trim().toLowerCase().slice(0, 255);
}

/** First path segment for the body class: page_home for `/`, page_channel for an open channel. */
export function pageClassFor(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return 'page_home';
  if (segments[0] === 'channels' && segments.length >= 3) return 'page_channel';
  return `page_${segments[0]!.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

/** Routes where the header and settings dropdown are not shown (spec "Screens and routes"). */
export function isChromeless(pathname: string): boolean {
  return pathname.includes('/promo/lovi') || pathname.startsWith('/account_mobile') || pathname.includes('_embed/');
}

/** Routes without the footer. */
export function isFooterHidden(pathname: string): boolean {
  return isChromeless(pathname) || pathname === '/gift' || pathname.startsWith('/gift/');
}

/**
 * Pages that do not require login (spec 2): legal and rules pages, provider, promo,
 * packets, gift, news, faq, app_store, account_mobile, geo_lock. In auth-only mode the
 * #auth modal is not forced there and can be closed.
 */
const LOGIN_FREE_SEGMENTS = new Set([
  'agreement',
  'privacy',
  'optimal',
  'optimumviju',
  'optimumstart',
  'may',
  'recommendations',
  'terms',
  'geo_lock',
  'provider',
  'promo',
  'packet',
  'packets',
  'gift',
  'news',
  'faq',
  'app_store',
  'account_mobile',
]);

export function isLoginFreePage(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0];
  return first !== undefined && LOGIN_FREE_SEGMENTS.has(first);
}
