import { COOKIE_EXPIRES, KEYS_KEPT_ON_CLEAR, StorageKey, parseCookies, serialiseCookie, type StorageKeyName } from './storageKeys';

// Session values live in cookies (expiry 2038) so an embedding page and a later server
// render can read them; localStorage mirrors them for contexts that block cookies
// (third-party iframes, some webviews).

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

export function writeKey(key: StorageKeyName, value: string | null): void {
  document.cookie = serialiseCookie(key, value, COOKIE_EXPIRES);
  writeLocal(key, value);
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
