// The mobile-account mode (a path starting with /account_mobile) sends no analytics at all
// (spec 2 and 6): neither events, nor the counter's image, nor error reports.

export function analyticsOff(pathname: string = typeof location === 'undefined' ? '/' : location.pathname): boolean {
  return pathname.startsWith('/account_mobile');
}
