import { readKey, StorageKey, writeKey } from '../session';
import { createStore, useStore } from './createStore';

// The one place that tells the client how it runs: embedded in another site (`_embed/`
// paths), inside a native app's webview, as a Telegram mini app, as the mobile app's
// account pages (/account_mobile), and for which partner. Partner rules are operator
// settings sent with network data (`partners`), matched to the visit's `partner` value.

/** One partner's rules, as the operator set them (spec 2, 6 and the notification delays). */
export interface PartnerSettings {
  /** The partner's id as it comes in `?partner=` and is kept under the `partner` storage key. */
  id: string;
  /** Settings do not offer "log out" (the partner's app owns the session). */
  hideLogout: boolean;
  /** The header logo leads here instead of the start page (an address outside the site). */
  homeUrl: string;
  /** Outside a webview, /lk, /account_mobile and /settings go to the start page. */
  closedOutsideWebview: boolean;
  /** The partner's own install notification; null: the standard one. */
  installNotice: PartnerInstallNotice | null;
  /** The partner's two-step full-screen offer in the mobile-app banner; '' when none. */
  appOffer: string;
}

export interface PartnerInstallNotice {
  /** Which partner text and look the notification uses. */
  variant: string;
  /** Seconds on the site before it shows (0: at once). */
  delaySeconds: number;
  /** Seconds before it shows again after being closed. */
  reopenSeconds: number;
}

/** The partner entry of network data (api/openapi.yaml `Partner`). */
export interface PartnerWire {
  id: string;
  hide_logout?: boolean;
  home_url?: string;
  closed_outside_webview?: boolean;
  install_notice?: { variant: string; delay_seconds?: number; reopen_seconds?: number } | null;
  app_offer?: string;
}

/** Rules of a visit without a (known) partner. */
export const NO_PARTNER: PartnerSettings = Object.freeze({
  id: '',
  hideLogout: false,
  homeUrl: '',
  closedOutsideWebview: false,
  installNotice: null,
  appOffer: '',
});

export function partnerFromWire(w: PartnerWire): PartnerSettings {
  const n = w.install_notice;
  return {
    id: w.id,
    hideLogout: Boolean(w.hide_logout),
    homeUrl: w.home_url ?? '',
    closedOutsideWebview: Boolean(w.closed_outside_webview),
    installNotice: n ? { variant: n.variant, delaySeconds: n.delay_seconds ?? 0, reopenSeconds: n.reopen_seconds ?? 0 } : null,
    appOffer: w.app_offer ?? '',
  };
}

interface RunModeState {
  /** The operator's partners (from network data, set at start-up). */
  partners: readonly PartnerSettings[];
  /** Bumped when the visit's partner or webview flag is remembered, so hooks re-read. */
  version: number;
}

const runModeStore = createStore<RunModeState>({ partners: [], version: 0 });

/** Start-up hands over the operator's partners from network data. */
export function setOperatorPartners(partners: readonly PartnerWire[] | null | undefined): void {
  runModeStore.set((s) => ({ ...s, partners: (partners ?? []).filter((p) => p.id).map(partnerFromWire) }));
}

// --- the visit's own facts -----------------------------------------------------------

const WEBVIEW_SESSION_KEY = 'efir.webview';

function search(): string {
  return typeof window === 'undefined' ? '' : window.location.search;
}

function userAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** Embedded in another site: the path has an `_embed/` segment (/channel_embed/1, /content_embed/x). */
export function isEmbedPath(pathname: string): boolean {
  return /_embed(\/|$)/.test(pathname);
}

/** The mobile app's account pages (a route containing /account_mobile): no header, footer or analytics. */
export function isAccountMobilePath(pathname: string): boolean {
  return pathname.includes('/account_mobile');
}

/**
 * A native app's webview: the app says so with `?webview=1` (kept for the tab, as later
 * pages lose the query), an Android WebView (`; wv)`), or an iOS WebKit view without Safari.
 */
export function detectWebview(ua: string, query: string, remembered: boolean): boolean {
  const flag = new URLSearchParams(query).get('webview');
  if (flag === '1') return true;
  if (flag === '0') return false;
  if (remembered) return true;
  if (/; wv\)/.test(ua)) return true;
  return /iPhone|iPad|iPod/i.test(ua) && /AppleWebKit/i.test(ua) && !/Safari/i.test(ua);
}

function rememberedWebview(): boolean {
  try {
    return window.sessionStorage.getItem(WEBVIEW_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

export function isWebview(): boolean {
  return detectWebview(userAgent(), search(), rememberedWebview());
}

/** The app's native picture-in-picture function, when the webview provides one (Android apps). */
export interface NativeBridge {
  enterPictureInPicture?: () => void;
}

export function nativePictureInPicture(): (() => void) | null {
  if (typeof window === 'undefined' || !isWebview()) return null;
  const bridge = (window as unknown as { EfirNative?: NativeBridge; Android?: NativeBridge }).EfirNative
    ?? (window as unknown as { Android?: NativeBridge }).Android;
  const fn = bridge?.enterPictureInPicture;
  return typeof fn === 'function' ? () => fn.call(bridge) : null;
}

/** Telegram opens a mini app with `tgWebAppData` (and `tgWebAppVersion`) in the URL fragment. */
export function hasTelegramLaunchParams(hash: string): boolean {
  return /(^#|&)tgWebApp(Data|Version)=/.test(hash);
}

interface TelegramWebApp {
  initData: string;
  ready?: () => void;
  expand?: () => void;
}

export function telegramWebApp(): TelegramWebApp | null {
  if (typeof window === 'undefined') return null;
  const app = (window as unknown as { Telegram?: { WebApp?: TelegramWebApp } }).Telegram?.WebApp;
  return app ?? null;
}

const TELEGRAM_SESSION_KEY = 'efir.telegram';

/**
 * A Telegram mini app: opened with Telegram's launch parameters (kept for the tab, as the
 * fragment is replaced by the router's modal hashes), or Telegram's script has init data.
 */
export function isTelegramMiniApp(): boolean {
  if (typeof window === 'undefined') return false;
  if (hasTelegramLaunchParams(window.location.hash)) return true;
  if (telegramWebApp()?.initData) return true;
  try {
    return window.sessionStorage.getItem(TELEGRAM_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers the visit's facts that arrive only on the first URL (partner, webview, Telegram). */
export function rememberVisit(query: string = search(), hash = typeof window === 'undefined' ? '' : window.location.hash): void {
  const params = new URLSearchParams(query);
  const partner = params.get('partner')?.trim();
  if (partner && partner !== readKey(StorageKey.partner)) writeKey(StorageKey.partner, partner);
  try {
    const webview = params.get('webview');
    if (webview === '1') window.sessionStorage.setItem(WEBVIEW_SESSION_KEY, '1');
    if (webview === '0') window.sessionStorage.removeItem(WEBVIEW_SESSION_KEY);
    if (hasTelegramLaunchParams(hash)) window.sessionStorage.setItem(TELEGRAM_SESSION_KEY, '1');
  } catch {
    // Storage blocked (a third-party frame): the URL alone decides.
  }
  runModeStore.set((s) => ({ ...s, version: s.version + 1 }));
}

/** The partner of this visit: `?partner=` of the URL, else the stored one. */
export function currentPartnerId(query: string = search()): string | null {
  return new URLSearchParams(query).get('partner')?.trim() || readKey(StorageKey.partner) || null;
}

/** The operator's rules for this visit's partner; NO_PARTNER when there is none or it is unknown. */
export function partnerSettings(query: string = search()): PartnerSettings {
  const id = currentPartnerId(query);
  if (!id) return NO_PARTNER;
  return runModeStore.get().partners.find((p) => p.id === id) ?? NO_PARTNER;
}

export interface RunMode {
  embedded: boolean;
  webview: boolean;
  telegram: boolean;
  accountMobile: boolean;
  /** Analytics may run (off in the mobile-account mode). */
  analytics: boolean;
  partner: PartnerSettings;
}

/** How the client runs on pathname. */
export function runMode(pathname: string = typeof window === 'undefined' ? '/' : window.location.pathname): RunMode {
  const accountMobile = isAccountMobilePath(pathname);
  return {
    embedded: isEmbedPath(pathname),
    webview: isWebview(),
    telegram: isTelegramMiniApp(),
    accountMobile,
    analytics: !accountMobile,
    partner: partnerSettings(),
  };
}

/** runMode() for components: re-renders when partners arrive or the visit's facts change. */
export function useRunMode(pathname: string): RunMode {
  useStore(runModeStore);
  return runMode(pathname);
}

export function usePartnerSettings(): PartnerSettings {
  useStore(runModeStore);
  return partnerSettings();
}

/** Tests only: forget the operator's partners. */
export function resetRunModeForTests(): void {
  runModeStore.set({ partners: [], version: 0 });
}
