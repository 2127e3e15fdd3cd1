// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decideDeviceReauth, deriveAccess, isTokenExpired, tokenExpiry, type ReauthInput } from './reauth';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const base: ReauthInput = {
  hasToken: true,
  hasDeviceId: true,
  tokenExpired: false,
  tokenError: false,
  mode: 'normal',
  pendingTransaction: false,
  childProfile: false,
  nowMs: NOW,
  lastTokenSetAtMs: NOW - 60 * 60 * 1000,
};

describe('decideDeviceReauth', () => {
  it('re-authenticates on start when nothing skips it', () => {
    expect(decideDeviceReauth(base)).toEqual({ action: 'reauth', reason: 'start' });
  });

  it('has nothing to do without a token or a device', () => {
    expect(decideDeviceReauth({ ...base, hasToken: false }).action).toBe('none');
    expect(decideDeviceReauth({ ...base, hasDeviceId: false }).action).toBe('none');
  });

  it.each([
    [{ mode: 'token' as const }, 'token-mode'],
    [{ mode: 'parental' as const }, 'parental-mode'],
    [{ pendingTransaction: true }, 'pending-transaction'],
    [{ childProfile: true }, 'child-profile'],
    [{ lastTokenSetAtMs: NOW - 4 * 60 * 1000 }, 'recent-token'],
  ])('skips the start-up refresh: %o', (patch, reason) => {
    expect(decideDeviceReauth({ ...base, ...patch })).toEqual({ action: 'skip', reason });
  });

  it('the 5-minute guard ends at exactly 5 minutes', () => {
    expect(decideDeviceReauth({ ...base, lastTokenSetAtMs: NOW - 5 * 60 * 1000 }).action).toBe('reauth');
  });

  it('an expired or errored token always re-authenticates, whatever would skip it', () => {
    const skipping = { childProfile: true, pendingTransaction: true, lastTokenSetAtMs: NOW };
    expect(decideDeviceReauth({ ...base, ...skipping, tokenExpired: true })).toEqual({ action: 'reauth', reason: 'expired' });
    expect(decideDeviceReauth({ ...base, ...skipping, tokenError: true })).toEqual({ action: 'reauth', reason: 'token-error' });
  });
});

describe('token expiry', () => {
  it('uses the server expiry when given', () => {
    expect(tokenExpiry(1_800_000_000, NOW)).toBe(1_800_000_000);
  });
  it('defaults to 12 hours after issue', () => {
    expect(tokenExpiry(undefined, NOW)).toBe(NOW / 1000 + 12 * 3600);
  });
  it('is expired from the expiry second on', () => {
    expect(isTokenExpired(NOW / 1000, NOW)).toBe(true);
    expect(isTokenExpired(NOW / 1000 + 1, NOW)).toBe(false);
    expect(isTokenExpired(null, NOW)).toBe(false);
  });
});

describe('deriveAccess', () => {
  const open = { authOnly: false, providerAuthOnly: false, guestsAllowed: true, countryAllowed: true, telegramMiniApp: false };
  it('lets guests in when the provider allows them', () => {
    expect(deriveAccess(open)).toEqual({ authOnly: false, guestsAllowed: true, geoLocked: false });
  });
  it('is auth-only when the network says so or guests are not allowed', () => {
    expect(deriveAccess({ ...open, authOnly: true }).authOnly).toBe(true);
    expect(deriveAccess({ ...open, providerAuthOnly: true }).authOnly).toBe(true);
    expect(deriveAccess({ ...open, guestsAllowed: false })).toEqual({ authOnly: true, guestsAllowed: false, geoLocked: false });
  });
  it('disables guests in the Telegram mini-app', () => {
    expect(deriveAccess({ ...open, telegramMiniApp: true }).guestsAllowed).toBe(false);
  });
  it('a forbidden country disables guests and requires login', () => {
    expect(deriveAccess({ ...open, countryAllowed: false })).toEqual({ authOnly: true, guestsAllowed: false, geoLocked: true });
  });
});
