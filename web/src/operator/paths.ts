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
  // paths: packets
  // paths: channels
  // paths: catalog
  // paths: pages
  // paths: engage
  // paths: settings
  // paths: integrations
} as const;

/** The sign-in page that brings the staff member back to `from` afterwards. */
export function loginPath(from: string): string {
  return from && from !== paths.home ? `${paths.login}?${new URLSearchParams({ next: from })}` : paths.login;
}
