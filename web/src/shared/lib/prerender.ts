// Prerender clients: the renderers of search engines and of prerender services, which load
// a page once, take its HTML and leave. They get a still page (no slider rotation, no
// trailers), every filter option as a link, and no library in a row's request (spec
// catalogue 2 "Routes", "Filter page", "Row and tile templates").

/** Crawlers' renderers announce themselves in the user agent. The Yandex app's own browser
 * ("YandexSearch") is a viewer, so only Yandex's robots match. */
const AGENTS =
  /prerender|headlesschrome.*lighthouse|chrome-lighthouse|googlebot|google-inspectiontool|adsbot-google|bingbot|yandex(?:[a-z]*bot|images|video|webmaster)|duckduckbot|baiduspider|applebot|mail\.ru_bot|petalbot|slurp/i;

export const isPrerenderAgent = (ua: string) => AGENTS.test(ua);

/** A prerender service may also ask with ?prerender=1 (its own user agent is configurable). */
export function isPrerender(): boolean {
  if (typeof window === 'undefined') return false;
  if (new URLSearchParams(window.location.search).get('prerender') === '1') return true;
  return typeof navigator !== 'undefined' && isPrerenderAgent(navigator.userAgent);
}
