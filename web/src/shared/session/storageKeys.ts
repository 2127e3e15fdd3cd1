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

export function serialiseCookie(name: string, value: string | null, expires: Date = COOKIE_EXPIRES): string {
  const base = `${encodeURIComponent(name)}=${value === null ? '' : encodeURIComponent(value)}; Path=/; SameSite=Lax`;
  const when = value === null ? new Date(0) : expires;
  return `${base}; Expires=${when.toUTCString()}`;
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
