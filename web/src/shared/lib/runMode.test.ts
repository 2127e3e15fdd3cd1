import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCookiesAndStorage } from '../../test/fakeServer';
import {
  detectWebview,
  hasTelegramLaunchParams,
  isAccountMobilePath,
  isEmbedPath,
  isTelegramMiniApp,
  nativePictureInPicture,
  NO_PARTNER,
  partnerSettings,
  rememberVisit,
  resetRunModeForTests,
  runMode,
  setOperatorPartners,
} from './runMode';

const ANDROID_WV = 'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IOS_APP = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

beforeEach(() => {
  clearCookiesAndStorage();
  window.sessionStorage.clear();
  resetRunModeForTests();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  delete (window as { EfirNative?: unknown }).EfirNative;
  delete (window as { Telegram?: unknown }).Telegram;
});

describe('embedded and mobile-account paths', () => {
  it('knows embeds by their _embed/ segment', () => {
    expect(isEmbedPath('/channel_embed/5')).toBe(true);
    expect(isEmbedPath('/content_embed/film-12')).toBe(true);
    expect(isEmbedPath('/channels/all/5')).toBe(false);
  });

  it('turns analytics off on routes containing /account_mobile', () => {
    expect(isAccountMobilePath('/account_mobile')).toBe(true);
    expect(runMode('/account_mobile').analytics).toBe(false);
    expect(runMode('/account_mobile').accountMobile).toBe(true);
    expect(runMode('/lk').analytics).toBe(true);
  });
});

describe('webview', () => {
  it('tells an app webview by its user agent or ?webview=1, and a browser otherwise', () => {
    expect(detectWebview(ANDROID_WV, '', false)).toBe(true);
    expect(detectWebview(IOS_APP, '', false)).toBe(true);
    expect(detectWebview(ANDROID_CHROME, '', false)).toBe(false);
    expect(detectWebview(ANDROID_CHROME, '?webview=1', false)).toBe(true);
    expect(detectWebview(ANDROID_WV, '?webview=0', true)).toBe(false);
  });

  it('keeps ?webview=1 for later pages of the tab', () => {
    window.history.replaceState(null, '', '/?webview=1');
    rememberVisit();
    window.history.replaceState(null, '', '/channels');
    expect(runMode('/channels').webview).toBe(true);
  });

  it("offers the app's own picture-in-picture only inside its webview", () => {
    let called = 0;
    (window as { EfirNative?: unknown }).EfirNative = { enterPictureInPicture: () => called++ };
    expect(nativePictureInPicture()).toBeNull();
    window.history.replaceState(null, '', '/?webview=1');
    const pip = nativePictureInPicture();
    expect(pip).not.toBeNull();
    pip!();
    expect(called).toBe(1);
  });
});

describe('Telegram mini app', () => {
  it("is told by Telegram's launch parameters in the fragment, and kept for the tab", () => {
    expect(hasTelegramLaunchParams('#tgWebAppData=query_id%3Dx&tgWebAppVersion=7.0')).toBe(true);
    expect(hasTelegramLaunchParams('#auth')).toBe(false);
    expect(isTelegramMiniApp()).toBe(false);
    window.history.replaceState(null, '', '/#tgWebAppData=user%3D1&tgWebAppVersion=7.0');
    expect(isTelegramMiniApp()).toBe(true);
    rememberVisit();
    window.history.replaceState(null, '', '/#auth');
    expect(isTelegramMiniApp()).toBe(true);
  });

  it("is told by the script's init data", () => {
    (window as { Telegram?: unknown }).Telegram = { WebApp: { initData: 'user=1&hash=x' } };
    expect(isTelegramMiniApp()).toBe(true);
  });
});

describe('partner settings', () => {
  const wire = [
    { id: 'bank_app', hide_logout: true, home_url: 'https://bank.example/tv', closed_outside_webview: true, install_notice: { variant: 'bank_app', delay_seconds: 0, reopen_seconds: 259200 }, app_offer: '' },
    { id: 'uz_mobile', hide_logout: true, home_url: '', closed_outside_webview: false, install_notice: { variant: 'uz_mobile', delay_seconds: 120, reopen_seconds: 259200 }, app_offer: 'premium_30' },
  ];

  it("are the operator's rules for the visit's ?partner=, kept for later visits", () => {
    setOperatorPartners(wire);
    window.history.replaceState(null, '', '/?partner=uz_mobile');
    rememberVisit();
    window.history.replaceState(null, '', '/');
    const p = partnerSettings();
    expect(p.id).toBe('uz_mobile');
    expect(p.hideLogout).toBe(true);
    expect(p.installNotice).toEqual({ variant: 'uz_mobile', delaySeconds: 120, reopenSeconds: 259200 });
    expect(p.appOffer).toBe('premium_30');
  });

  it('are none for an unknown partner or none at all', () => {
    setOperatorPartners(wire);
    expect(partnerSettings('')).toEqual(NO_PARTNER);
    expect(partnerSettings('?partner=someone')).toEqual(NO_PARTNER);
    expect(partnerSettings('?partner=bank_app').homeUrl).toBe('https://bank.example/tv');
    setOperatorPartners(undefined);
    expect(partnerSettings('?partner=bank_app')).toEqual(NO_PARTNER);
  });
});
