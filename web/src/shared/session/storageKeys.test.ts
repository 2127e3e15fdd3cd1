import { describe, expect, it } from 'vitest';
import { COOKIE_EXPIRES, KEYS_KEPT_ON_CLEAR, StorageKey, TOKEN_KEYS, parseCookies, serialiseCookie } from './storageKeys';

describe('storage keys', () => {
  it('has the keys of spec 3', () => {
    const names = Object.values(StorageKey);
    for (const k of ['accessToken', 'deviceId', 'guestDeviceId', 'serial', 'profile', 'partner', 'isLogged', 'language', 'skipApp', 'app_sell_click_id']) {
      expect(names).toContain(k);
    }
  });

  it('keeps the browser choices when the session is cleared', () => {
    expect(KEYS_KEPT_ON_CLEAR).toContain('language');
    expect(KEYS_KEPT_ON_CLEAR).toContain('serial');
    expect(KEYS_KEPT_ON_CLEAR).not.toContain('accessToken');
    expect(KEYS_KEPT_ON_CLEAR).not.toContain('deviceId');
  });

  it('expires cookies in 2038', () => {
    expect(COOKIE_EXPIRES.getUTCFullYear()).toBe(2038);
    expect(serialiseCookie('accessToken', 'abc')).toContain('Expires=Fri, 01 Jan 2038 00:00:00 GMT');
  });

  it('writes SameSite=Lax, Secure on request, and a session cookie without an expiry', () => {
    expect(serialiseCookie('language', 'en')).toBe('language=en; Path=/; SameSite=Lax; Expires=Fri, 01 Jan 2038 00:00:00 GMT');
    expect(serialiseCookie('language', 'en', COOKIE_EXPIRES, true)).toBe(
      'language=en; Path=/; SameSite=Lax; Expires=Fri, 01 Jan 2038 00:00:00 GMT; Secure',
    );
    expect(serialiseCookie('accessToken', 'abc', null)).toBe('accessToken=abc; Path=/; SameSite=Lax');
    expect(serialiseCookie('accessToken', null, null, true)).toBe(
      'accessToken=; Path=/; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure',
    );
  });

  it('names the keys whose cookie lives no longer than the token', () => {
    expect([...TOKEN_KEYS].sort()).toEqual(['accessToken', 'guestAccessToken']);
  });

  it('removes a cookie by expiring it', () => {
    expect(serialiseCookie('accessToken', null)).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });

  it('round-trips encoded values', () => {
    const value = JSON.stringify({ id: 7, name: 'Дети; и=всё' });
    const cookie = serialiseCookie('profile', value).split(';')[0]!;
    expect(parseCookies(`a=1; ${cookie}; b=2`).profile).toBe(value);
  });

  it('ignores broken cookies of other scripts', () => {
    expect(parseCookies('bad=%E0%A4%A; ok=1')).toEqual({ ok: '1' });
  });
});
