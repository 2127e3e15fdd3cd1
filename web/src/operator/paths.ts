// The console's route table in one place (paths inside the /operator basename).

export const CONSOLE_BASENAME = '/operator';

export const paths = {
  home: '/',
  login: '/login',
  setup: '/setup',
  subscribers: '/subscribers',
  subscriber: (id: number | string) => `/subscribers/${id}`,
  staff: '/staff',
  audit: '/audit',
  security: '/security',
  packets: '/packets',
  packet: (id: number | string) => `/packets/${id}`,
  paysystems: '/paysystems',
  channels: '/channels',
  channel: (id: number | string) => `/channels/${id}`,
  channelCategories: '/channels/categories',
  channelGuide: '/channels/guide',
  channelImport: '/channels/import',
  catalog: '/catalog',
  catalogNew: '/catalog/new',
  catalogContent: (id: number | string) => `/catalog/contents/${id}`,
  catalogPersons: '/catalog/persons',
  catalogGenres: '/catalog/genres',
  catalogLibraries: '/catalog/libraries',
  catalogImport: '/catalog/import',
  pages: '/pages',
  pagesRowset: (id: number | string) => `/pages/rowsets/${id}`,
  pagesBanners: '/pages/banners',
  pagesNews: '/pages/news',
  pagesSeo: '/pages/seo',
  promo: '/promo',
  messages: '/messages',
  dashboard: '/dashboard',
  settings: '/settings',
  integrations: '/integrations',
} as const;

/** The sign-in page that brings the staff member back to `from` afterwards. */
export function loginPath(from: string): string {
  return from && from !== paths.home ? `${paths.login}?${new URLSearchParams({ next: from })}` : paths.login;
}
