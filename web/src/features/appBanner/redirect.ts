// The mobile-app redirect of /open_mobile_app (catalogue spec 9: "Mobile-app redirect waits
// 25 s (2.5 s on iOS)"). The page shows nothing: it hands the viewer to the installed app
// and, when the page is still in front after the wait (no app took over), goes to the
// store page. Android's Chrome opens the app by an intent address made from the Play
// link's package and falls back to the store itself; the 25 s are a guard for browsers
// that do neither. iOS has no such address: Safari gets 2.5 s for a universal link.

import type { AppLinks } from './visibility';

export const APP_REDIRECT_WAIT_MS = 25_000;
export const APP_REDIRECT_WAIT_IOS_MS = 2_500;

const IOS_UA = /iPhone|iPad|iPod/i;
const ANDROID_UA = /Android/i;

export interface AppRedirectPlan {
  /** Where to go at once (the app's intent address); null: just wait. */
  open: string | null;
  /** Where to go when the wait is over and the page is still shown. */
  fallback: string;
  waitMs: number;
}

/** The Play Store package named by a Google Play link (?id=...), or null. */
export function playPackage(link: string): string | null {
  try {
    const u = new URL(link);
    if (u.hostname !== 'play.google.com') return null;
    const id = u.searchParams.get('id') ?? '';
    return /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * What /open_mobile_app does for this device: null when the operator has no app for it
 * (the page then goes home). path is the site's page the app may open at.
 */
export function appRedirectPlan(userAgent: string, links: AppLinks | undefined, path = '/'): AppRedirectPlan | null {
  const ios = links?.ios.trim() ?? '';
  const android = links?.android.trim() ?? '';
  if (IOS_UA.test(userAgent)) {
    return ios ? { open: null, fallback: ios, waitMs: APP_REDIRECT_WAIT_IOS_MS } : null;
  }
  if (ANDROID_UA.test(userAgent)) {
    if (!android) return null;
    const pkg = playPackage(android);
    const open = pkg
      ? `intent://open${encodeURI(path)}#Intent;scheme=https;package=${pkg};S.browser_fallback_url=${encodeURIComponent(android)};end`
      : null;
    return { open, fallback: android, waitMs: APP_REDIRECT_WAIT_MS };
  }
  // Not a phone: no app to hand over to; a store page the operator has is the best offer.
  const any = ios || android;
  return any ? { open: null, fallback: any, waitMs: 0 } : null;
}

/** What the redirect needs of the browser (a seam for tests). */
export interface RedirectHost {
  /** Go to an address, keeping this page in history (the app's intent address). */
  go: (href: string) => void;
  /** Go to an address in this page's place (the store page, the site). */
  replace: (href: string) => void;
  isHidden: () => boolean;
  onVisibilityChange: (listener: () => void) => () => void;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

/**
 * Runs a plan: opens the app, then the store page once the wait is over if the page is
 * still shown. A page hidden first means the app took over; coming back from it shows the
 * site's page (path) rather than an empty one. Answers the clean-up.
 */
export function runAppRedirect(plan: AppRedirectPlan, path: string, host: RedirectHost): () => void {
  let left = false;
  const timer = host.setTimeout(() => {
    if (!host.isHidden()) host.replace(plan.fallback);
  }, plan.waitMs);
  const stop = host.onVisibilityChange(() => {
    if (host.isHidden()) {
      left = true;
      host.clearTimeout(timer);
    } else if (left) {
      host.replace(path);
    }
  });
  if (plan.open) host.go(plan.open);
  return () => {
    host.clearTimeout(timer);
    stop();
  };
}
