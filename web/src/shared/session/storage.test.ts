import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSessionKeys, readKey, writeKey } from './storage';
import { StorageKey } from './storageKeys';

// Every string the page writes to document.cookie, the browser's own handling kept.
const written: string[] = [];
const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

beforeEach(() => {
  written.length = 0;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => native.get!.call(document) as string,
    set: (v: string) => {
      written.push(v);
      native.set!.call(document, v);
    },
  });
});

afterEach(() => {
  clearSessionKeys([]);
  delete (document as { cookie?: string }).cookie;
  window.localStorage.clear();
});

function lastCookie(name: string): string {
  const all = written.filter((c) => c.startsWith(`${name}=`));
  return all[all.length - 1] ?? '';
}

describe('session cookies', () => {
  it('are SameSite=Lax and not Secure on a plain http page', () => {
    writeKey(StorageKey.language, 'en');
    expect(lastCookie('language')).toContain('; SameSite=Lax');
    expect(lastCookie('language')).not.toContain('Secure');
  });

  it('keep the spec expiry (2038) for keys that are not tokens', () => {
    writeKey(StorageKey.deviceId, '7');
    writeKey(StorageKey.accessTokenExpired, '1800000000');
    expect(lastCookie('deviceId')).toContain('Expires=Fri, 01 Jan 2038 00:00:00 GMT');
    expect(lastCookie('accessTokenExpired')).toContain('Expires=Fri, 01 Jan 2038 00:00:00 GMT');
  });

  it('expire the token with the token, as setToken writes them', () => {
    const expired = 1_900_000_000; // 2030-03-17T17:46:40Z
    writeKey(StorageKey.accessToken, 'tok-1');
    writeKey(StorageKey.accessTokenExpired, String(expired));
    expect(lastCookie('accessToken')).toMatch(/^accessToken=tok-1; Path=\/; SameSite=Lax; Expires=Sun, 17 Mar 2030 17:46:40 GMT$/);
    expect(readKey(StorageKey.accessToken)).toBe('tok-1');
    for (const c of written) expect(c.startsWith('accessToken=') && c.includes('2038')).toBe(false);
  });

  it('expire a new token with its own expiry, not the one it replaces', () => {
    writeKey(StorageKey.accessToken, 'old');
    writeKey(StorageKey.accessTokenExpired, '1800000000');
    writeKey(StorageKey.accessToken, 'new');
    writeKey(StorageKey.accessTokenExpired, '1900000000');
    expect(lastCookie('accessToken')).toBe('accessToken=new; Path=/; SameSite=Lax; Expires=Sun, 17 Mar 2030 17:46:40 GMT');
  });

  it('set the guest token aside with the guest token expiry', () => {
    writeKey(StorageKey.accessToken, 'guest');
    writeKey(StorageKey.accessTokenExpired, '1900000000');
    writeKey(StorageKey.guestAccessToken, 'guest');
    expect(lastCookie('guestAccessToken')).toContain('Expires=Sun, 17 Mar 2030 17:46:40 GMT');
    // The logged-in user's token then does not move the guest's cookie.
    writeKey(StorageKey.accessToken, 'user');
    writeKey(StorageKey.accessTokenExpired, '1950000000');
    expect(written.filter((c) => c.startsWith('guestAccessToken=')).length).toBe(1);
  });

  it('drop the cookie of a token known to be expired, keeping the local copy for re-authentication', () => {
    writeKey(StorageKey.accessToken, 'stale');
    writeKey(StorageKey.accessTokenExpired, '1');
    expect(lastCookie('accessToken')).toContain('Expires=Thu, 01 Jan 1970 00:00:01 GMT');
    expect(readKey(StorageKey.accessToken)).toBe('stale');
  });

  it('make a token a session cookie while its expiry is unknown', () => {
    writeKey(StorageKey.accessToken, 'tok');
    expect(lastCookie('accessToken')).toBe('accessToken=tok; Path=/; SameSite=Lax');
  });
});
