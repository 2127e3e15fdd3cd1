// Storage keys of the session (spec 3, "Storage keys"), plus three the token rules need.

export const StorageKey = {
  accessToken: 'accessToken',
  /** Unix seconds when the token expires (from `expired`, else issue time + 12 h). */
  accessTokenExpired: 'accessTokenExpired',
  /** Milliseconds since epoch of the last token set: the 5-minute re-auth guard reads it. */
  accessTokenSetAt: 'accessTokenSetAt',
  /** The guest's token kept while a real user is logged in, for the fallback on logout. */
  guestAccessToken: 'guestAccessToken',
  deviceId: 'deviceId',
  guestDeviceId: 'guestDeviceId',
  serial: 'serial',
  profile: 'profile',
  partner: 'partner',
  isLogged: 'isLogged',
  language: 'language',
  skipApp: 'skipApp',
  appSellClickId: 'app_sell_click_id',
} as const;

export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

/** Kept when the session is cleared: they describe the browser, not the login. */
export const KEYS_KEPT_ON_CLEAR: readonly StorageKeyName[] = [
  StorageKey.serial,
  StorageKey.language,
  StorageKey.skipApp,
  StorageKey.partner,
  StorageKey.appSellClickId,
];

/** Default cookie expiry of the spec: 2038 (the last safe 32-bit date). */
export const COOKIE_EXPIRES = new Date(Date.UTC(2038, 0, 1));

/** Keys that hold a token: their cookie lives no longer than the token. */
export const TOKEN_KEYS: readonly StorageKeyName[] = [StorageKey.accessToken, StorageKey.guestAccessToken];

/**
 * A cookie as written to `document.cookie`. `expires` null makes a session cookie (gone
 * with the browser); a null value removes the cookie. `secure` keeps it off plain http:
 * only set it on an https page (a browser refuses Secure cookies from http pages).
 */
export function serialiseCookie(name: string, value: string | null, expires: Date | null = COOKIE_EXPIRES, secure = false): string {
  let out = `${encodeURIComponent(name)}=${value === null ? '' : encodeURIComponent(value)}; Path=/; SameSite=Lax`;
  const when = value === null ? new Date(0) : expires;
  if (when) out += `; Expires=${when.toUTCString()}`;
  if (secure) out += '; Secure';
  return out;
}

export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name) continue;
    try {
      out[decodeURIComponent(name)] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // A cookie some other script wrote with broken encoding is not ours to read.
    }
  }
  return out;
}
