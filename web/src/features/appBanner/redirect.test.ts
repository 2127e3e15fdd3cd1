// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sitePath } from './OpenMobileApp';
import { APP_REDIRECT_WAIT_IOS_MS, APP_REDIRECT_WAIT_MS, appRedirectPlan, playPackage, runAppRedirect, type RedirectHost } from './redirect';
import { openAppHref } from './visibility';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const LINKS = { ios: 'https://apps.apple.com/app/id1', android: 'https://play.google.com/store/apps/details?id=tv.efir.app' };

describe('the mobile-app redirect plan', () => {
  it('waits 2.5 s on iOS and 25 s elsewhere (spec 9)', () => {
    expect(APP_REDIRECT_WAIT_IOS_MS).toBe(2_500);
    expect(APP_REDIRECT_WAIT_MS).toBe(25_000);
    expect(appRedirectPlan(IPHONE, LINKS)).toEqual({ open: null, fallback: LINKS.ios, waitMs: 2_500 });
    const android = appRedirectPlan(ANDROID, LINKS, '/channels/all/5')!;
    expect(android.waitMs).toBe(25_000);
    expect(android.fallback).toBe(LINKS.android);
    expect(android.open).toBe(
      `intent://open/channels/all/5#Intent;scheme=https;package=tv.efir.app;S.browser_fallback_url=${encodeURIComponent(LINKS.android)};end`,
    );
  });

  it('has nothing to open without an app for the device', () => {
    expect(appRedirectPlan(IPHONE, { ios: '', android: LINKS.android })).toBeNull();
    expect(appRedirectPlan(ANDROID, { ios: LINKS.ios, android: ' ' })).toBeNull();
    expect(appRedirectPlan(IPHONE, undefined)).toBeNull();
    expect(appRedirectPlan(DESKTOP, { ios: '', android: '' })).toBeNull();
    expect(appRedirectPlan(DESKTOP, LINKS)).toEqual({ open: null, fallback: LINKS.ios, waitMs: 0 });
  });

  it('makes an intent address only from a real Play link', () => {
    expect(playPackage(LINKS.android)).toBe('tv.efir.app');
    expect(playPackage('https://play.google.com/store/apps/details?id=x;end')).toBeNull();
    expect(playPackage('https://example.com/?id=tv.efir.app')).toBeNull();
    expect(playPackage('not a url')).toBeNull();
    expect(appRedirectPlan(ANDROID, { ios: '', android: 'https://example.com/app.apk' })!.open).toBeNull();
  });

  it('keeps the page the app may open at, only when it is a path of this site', () => {
    expect(openAppHref('/channels/all?x=1')).toBe('/open_mobile_app?path=%2Fchannels%2Fall%3Fx%3D1');
    expect(sitePath('?path=%2Fchannels%2Fall%3Fx%3D1')).toBe('/channels/all?x=1');
    expect(sitePath('?path=https%3A%2F%2Fevil.example')).toBe('/');
    expect(sitePath('?path=%2F%2Fevil.example')).toBe('/');
    expect(sitePath('')).toBe('/');
  });
});

describe('running the redirect', () => {
  let hidden = false;
  let listener: (() => void) | null = null;
  const host = () => ({
    go: vi.fn<(href: string) => void>(),
    replace: vi.fn<(href: string) => void>(),
    isHidden: () => hidden,
    onVisibilityChange: (l) => {
      listener = l;
      return () => (listener = null);
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms) as unknown as number,
    clearTimeout: (id) => clearTimeout(id),
  }) satisfies RedirectHost;
  beforeEach(() => {
    vi.useFakeTimers();
    hidden = false;
    listener = null;
  });
  afterEach(() => vi.useRealTimers());

  it('goes to the store when the page is still shown after the wait', () => {
    const h = host();
    runAppRedirect(appRedirectPlan(IPHONE, LINKS)!, '/', h);
    vi.advanceTimersByTime(2_499);
    expect(h.replace).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(h.replace).toHaveBeenCalledWith(LINKS.ios);
  });

  it('opens the app at once on Android and stays when the app took over', () => {
    const h = host();
    const plan = appRedirectPlan(ANDROID, LINKS, '/guide')!;
    runAppRedirect(plan, '/guide', h);
    expect(h.go).toHaveBeenCalledWith(plan.open);
    hidden = true;
    listener?.();
    vi.advanceTimersByTime(30_000);
    expect(h.replace).not.toHaveBeenCalled();
    // Back from the app: the site's page.
    hidden = false;
    listener?.();
    expect(h.replace).toHaveBeenCalledWith('/guide');
  });

  it('stops when the page goes away', () => {
    const h = host();
    const stop = runAppRedirect(appRedirectPlan(ANDROID, LINKS)!, '/', h);
    stop();
    vi.advanceTimersByTime(30_000);
    expect(h.replace).not.toHaveBeenCalled();
    expect(listener).toBeNull();
  });
});
