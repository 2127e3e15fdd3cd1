// When the mobile-app banner shows (spec 4 "Other"): on phones (a mobile user agent or a
// viewport of 932 px or less), when the operator has an app link, until the viewer skips
// it (skipApp=1, kept forever), and never on embedded or app-only (chromeless) pages or
// inside an app's webview.

const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile/i;
const IOS_UA = /iPhone|iPad|iPod/i;
const ANDROID_UA = /Android/i;

export interface AppLinks {
  ios: string;
  android: string;
}

export interface BannerContext {
  userAgent: string;
  /** The viewport is 932 px wide or less (PHONE_QUERY). */
  phoneViewport: boolean;
  links: AppLinks | undefined;
  /** The stored skipApp value. */
  skipApp: string | null;
  pathname: string;
  /** The page runs inside a native app's webview. */
  inWebview: boolean;
  /** The layout hides its header here (embed pages, /account_mobile, /promo/lovi). */
  chromeless: boolean;
}

/**
 * The page runs inside a native app's webview: an Android WebView (`; wv)`), an iOS
 * WebKit view without Safari, or an app that says so with `?webview=1`.
 */
export function isInWebview(userAgent: string, search = ''): boolean {
  if (new URLSearchParams(search).get('webview') === '1') return true;
  if (/; wv\)/.test(userAgent)) return true;
  return IOS_UA.test(userAgent) && /AppleWebKit/i.test(userAgent) && !/Safari/i.test(userAgent);
}

export function isPhoneDevice(userAgent: string, phoneViewport: boolean): boolean {
  return MOBILE_UA.test(userAgent) || phoneViewport;
}

export function isEmbedPage(pathname: string): boolean {
  return /_embed(\/|$)/.test(pathname);
}

export function shouldShowAppBanner(c: BannerContext): boolean {
  if (c.skipApp === '1') return false;
  if (!c.links || (!c.links.ios.trim() && !c.links.android.trim())) return false;
  if (c.inWebview || c.chromeless || isEmbedPage(c.pathname)) return false;
  return isPhoneDevice(c.userAgent, c.phoneViewport);
}

export interface StoreLink {
  store: 'ios' | 'android';
  href: string;
}

/** The store links to offer: the device's own store when known and present, else every one there is. */
export function storeLinksFor(userAgent: string, links: AppLinks): StoreLink[] {
  const all: StoreLink[] = [];
  if (links.ios.trim()) all.push({ store: 'ios', href: links.ios.trim() });
  if (links.android.trim()) all.push({ store: 'android', href: links.android.trim() });
  const own = IOS_UA.test(userAgent) ? 'ios' : ANDROID_UA.test(userAgent) ? 'android' : null;
  const mine = all.filter((l) => l.store === own);
  return mine.length > 0 ? mine : all;
}

/** The banner's "Open": /open_mobile_app with the page the app may open at (redirect.ts). */
export function openAppHref(path: string): string {
  return `/open_mobile_app?path=${encodeURIComponent(path)}`;
}
