// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isInWebview, isPhoneDevice, shouldShowAppBanner, storeLinksFor, type BannerContext } from './visibility';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const LINKS = { ios: 'https://apps.apple.com/app/id1', android: 'https://play.google.com/store/apps/details?id=x' };

const base: BannerContext = {
  userAgent: IPHONE,
  phoneViewport: true,
  links: LINKS,
  skipApp: null,
  pathname: '/',
  inWebview: false,
  chromeless: false,
};

describe('mobile-app banner visibility', () => {
  it('shows on phones: a mobile user agent or a viewport of 932 px or less', () => {
    expect(isPhoneDevice(IPHONE, false)).toBe(true);
    expect(isPhoneDevice(ANDROID, false)).toBe(true);
    expect(isPhoneDevice(DESKTOP, true)).toBe(true);
    expect(isPhoneDevice(DESKTOP, false)).toBe(false);
    expect(shouldShowAppBanner(base)).toBe(true);
    expect(shouldShowAppBanner({ ...base, userAgent: DESKTOP, phoneViewport: false })).toBe(false);
    expect(shouldShowAppBanner({ ...base, userAgent: DESKTOP, phoneViewport: true })).toBe(true);
  });

  it('never shows again after skip (skipApp=1)', () => {
    expect(shouldShowAppBanner({ ...base, skipApp: '1' })).toBe(false);
    expect(shouldShowAppBanner({ ...base, skipApp: '0' })).toBe(true);
  });

  it('hides when both app links are empty or unknown', () => {
    expect(shouldShowAppBanner({ ...base, links: { ios: '', android: ' ' } })).toBe(false);
    expect(shouldShowAppBanner({ ...base, links: undefined })).toBe(false);
    expect(shouldShowAppBanner({ ...base, links: { ios: '', android: LINKS.android } })).toBe(true);
  });

  it('is not shown on embed pages, chromeless pages or inside a webview', () => {
    expect(shouldShowAppBanner({ ...base, pathname: '/channel_embed/5' })).toBe(false);
    expect(shouldShowAppBanner({ ...base, pathname: '/content_embed/7' })).toBe(false);
    expect(shouldShowAppBanner({ ...base, chromeless: true })).toBe(false);
    expect(shouldShowAppBanner({ ...base, inWebview: true })).toBe(false);
    expect(shouldShowAppBanner({ ...base, pathname: '/channels/embedded' })).toBe(true);
  });
});

describe('store links', () => {
  it("offers the device's own store, or every store there is", () => {
    expect(storeLinksFor(IPHONE, LINKS).map((l) => l.store)).toEqual(['ios']);
    expect(storeLinksFor(ANDROID, LINKS).map((l) => l.store)).toEqual(['android']);
    expect(storeLinksFor(DESKTOP, LINKS).map((l) => l.store)).toEqual(['ios', 'android']);
    expect(storeLinksFor(IPHONE, { ios: '', android: LINKS.android }).map((l) => l.store)).toEqual(['android']);
  });
});

describe('webview', () => {
  it('knows an Android WebView, an iOS web view and ?webview=1', () => {
    expect(isInWebview('Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe(true);
    expect(isInWebview('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148')).toBe(true);
    expect(isInWebview(IPHONE)).toBe(false);
    expect(isInWebview(ANDROID)).toBe(false);
    expect(isInWebview(DESKTOP, '?webview=1')).toBe(true);
  });
});
