import {
  COOKIE_EXPIRES,
  KEYS_KEPT_ON_CLEAR,
  StorageKey,
  TOKEN_KEYS,
  parseCookies,
  serialiseCookie,
  type StorageKeyName,
} from './storageKeys';

// Session values live in cookies so an embedding page and a later server render can
// read them; localStorage mirrors them for contexts that block cookies (third-party
// iframes, some webviews). Cookies expire in 2038 (spec), but a token's cookie expires
// with the token (accessTokenExpired, stored beside it), and every cookie is Secure on
// an https page. An expired token stays in localStorage for the device re-authentication
// the server still accepts with it.

function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the cookie is the only copy.
  }
}

export function readKey(key: StorageKeyName): string | null {
  const cookies = parseCookies(document.cookie);
  return cookies[key] ?? readLocal(key);
}

function pageIsSecure(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/**
 * The expiry of key's cookie: 2038, or for a token the stored accessTokenExpired (the
 * guest's token is set aside while its expiry is still the stored one); a session
 * cookie while no expiry is known.
 */
function cookieExpiry(key: StorageKeyName): Date | null {
  if (!TOKEN_KEYS.includes(key)) return COOKIE_EXPIRES;
  const expired = readNumber(StorageKey.accessTokenExpired);
  if (expired === null || expired <= 0) return null;
  return new Date(Math.min(expired * 1000, COOKIE_EXPIRES.getTime()));
}

/**
 * The token last written by this page (undefined: none yet). setToken writes the token
 * before its expiry, so the token's cookie is written again once the expiry is known;
 * this copy survives a cookie dropped meanwhile when localStorage is blocked.
 */
let tokenWritten: string | null | undefined;

export function writeKey(key: StorageKeyName, value: string | null): void {
  const secure = pageIsSecure();
  document.cookie = serialiseCookie(key, value, cookieExpiry(key), secure);
  writeLocal(key, value);
  if (key === StorageKey.accessToken) tokenWritten = value;
  if (key === StorageKey.accessTokenExpired) {
    const token = tokenWritten === undefined ? readKey(StorageKey.accessToken) : tokenWritten;
    if (token !== null) document.cookie = serialiseCookie(StorageKey.accessToken, token, cookieExpiry(StorageKey.accessToken), secure);
  }
}

export function readNumber(key: StorageKeyName): number | null {
  const raw = readKey(key);
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

export function readJson<T>(key: StorageKeyName): T | null {
  const raw = readKey(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Clears the login; browser-level choices (language, serial, skipApp) stay. */
export function clearSessionKeys(keep: readonly StorageKeyName[] = KEYS_KEPT_ON_CLEAR): void {
  for (const key of Object.values(StorageKey)) {
    if (!keep.includes(key)) writeKey(key, null);
  }
}
