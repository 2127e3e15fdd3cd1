import { useEffect } from 'react';
import { useResources } from '@/shared/api';
import { appRedirectPlan, runAppRedirect, type RedirectHost } from './redirect';

const browser: RedirectHost = {
  go: (href) => window.location.assign(href),
  replace: (href) => window.location.replace(href),
  isHidden: () => document.visibilityState === 'hidden',
  onVisibilityChange: (listener) => {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/** The page the app may open at: ?path= when it is a path of this site, else the start page. */
export function sitePath(search: string): string {
  const path = new URLSearchParams(search).get('path') ?? '';
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/**
 * /open_mobile_app: renders nothing (spec 2). Hands the viewer to the app, else to its
 * store page after the wait (redirect.ts); without an app for the device, the start page.
 */
export default function OpenMobileApp() {
  const resources = useResources();
  const links = resources.data?.app_links;
  const settled = resources.isSuccess || resources.isError;

  useEffect(() => {
    if (!settled) return;
    const path = sitePath(window.location.search);
    const plan = appRedirectPlan(navigator.userAgent, links, path);
    if (!plan) {
      browser.replace(path);
      return;
    }
    return runAppRedirect(plan, path, browser);
  }, [settled, links]);

  return null;
}
