// @vitest-environment-options {"url": "https://tv.example/"}
import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionKeys, writeKey } from './storage';
import { StorageKey } from './storageKeys';

afterEach(() => clearSessionKeys([]));

describe('session cookies on an https page', () => {
  it('are Secure, with or without a token', () => {
    expect(location.protocol).toBe('https:');
    const written: string[] = [];
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => native.get!.call(document) as string,
      set: (v: string) => {
        written.push(v);
        native.set!.call(document, v);
      },
    });
    try {
      writeKey(StorageKey.language, 'en');
      writeKey(StorageKey.accessToken, 'tok');
      writeKey(StorageKey.accessTokenExpired, '1900000000');
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(written.length).toBe(4);
    for (const c of written) expect(c).toMatch(/; SameSite=Lax(; Expires=[^;]+)?; Secure$/);
    expect(document.cookie).toContain('accessToken=tok');
  });
});
