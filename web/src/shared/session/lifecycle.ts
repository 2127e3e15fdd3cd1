import { ApiError, isForbiddenCountry } from '../api/errors';
import type { DeviceAuthResponse, TokenResponse } from '../api/types';
import { isTokenExpired, decideDeviceReauth, tokenExpiry, type ReauthDecision } from './reauth';
import {
  authenticateDevice,
  createGuestUser,
  loginWithPassword,
  logoutDevice,
  registerDevice,
} from './identityCalls';
import {
  clearSession,
  readStoredSession,
  sessionStore,
  setDevice,
  setLogged,
  setProfile,
  setToken,
} from './sessionStore';
import { readKey, writeKey } from './storage';
import { StorageKey } from './storageKeys';

// Session life cycle of spec section 4: start-up, guest creation, device
// re-authentication, login completion and logout.

export class GeoLockedError extends Error {
  constructor(readonly apiError: ApiError) {
    super('forbidden_country');
  }
}

function applyDeviceAuth(res: DeviceAuthResponse, guest: boolean): void {
  setToken(res.access_token, tokenExpiry(res.expired, Date.now()));
  setDevice(res.device.id, guest);
  setProfile(res.profile);
}

/** Spec 4 "Guest creation": create a fake user, log in, create a device, authenticate it. */
export async function createGuestSession(referId?: string): Promise<void> {
  const { login, password } = await createGuestUser(referId);
  const first = await loginWithPassword(login, password);
  const device = await registerDevice(first.access_token);
  const res = await authenticateDevice(device.id, first.access_token);
  applyDeviceAuth(res, true);
  setLogged(false);
}

let reauthInFlight: Promise<boolean> | null = null;

/** Re-authenticates the stored device; single flight, so parallel 401s share one call. */
export function reauthenticateDevice(): Promise<boolean> {
  if (reauthInFlight) return reauthInFlight;
  const { token, deviceId, isLogged } = sessionStore.get();
  if (!token || deviceId === null) return Promise.resolve(false);
  reauthInFlight = authenticateDevice(deviceId, token)
    .then((res) => {
      applyDeviceAuth(res, !isLogged);
      return true;
    })
    .catch((e: unknown) => {
      if (e instanceof ApiError && isForbiddenCountry(e)) throw new GeoLockedError(e);
      return false;
    })
    .finally(() => {
      reauthInFlight = null;
    });
  return reauthInFlight;
}

export interface StartOptions {
  guestsAllowed: boolean;
  referId?: string;
  /** A partner hands a token in the URL (token mode): use it as is. */
  urlToken?: { token: string; expired?: number } | null;
  nowMs?: number;
}

export type StartOutcome = 'restored' | 'reauthenticated' | 'guest-created' | 'anonymous';

/** The start-up part of spec 4 after network data is known. Throws GeoLockedError on 403 forbidden_country. */
export async function startSession(opts: StartOptions): Promise<StartOutcome> {
  const nowMs = opts.nowMs ?? Date.now();
  sessionStore.set(readStoredSession());
  if (opts.urlToken) {
    setToken(opts.urlToken.token, tokenExpiry(opts.urlToken.expired, nowMs), nowMs);
    sessionStore.set((s) => ({ ...s, mode: 'token' }));
  }

  const s = sessionStore.get();
  const decision: ReauthDecision = decideDeviceReauth({
    hasToken: s.token !== null,
    hasDeviceId: s.deviceId !== null,
    tokenExpired: isTokenExpired(s.expired, nowMs),
    tokenError: s.tokenError,
    mode: s.mode,
    pendingTransaction: s.pendingTransaction,
    childProfile: s.profile?.role === 'child',
    nowMs,
    lastTokenSetAtMs: s.tokenSetAt,
  });

  if (decision.action === 'skip') return 'restored';
  if (decision.action === 'reauth') {
    if (await reauthenticateDevice()) return 'reauthenticated';
    // Spec 4: re-authentication failed -> clear storage and start again from scratch.
    clearSession();
  } else if (s.token && s.mode === 'token') {
    return 'restored';
  }

  if (!opts.guestsAllowed) return 'anonymous';
  try {
    await createGuestSession(opts.referId);
  } catch (e) {
    if (e instanceof ApiError && isForbiddenCountry(e)) throw new GeoLockedError(e);
    throw e;
  }
  return 'guest-created';
}

/**
 * Finishes any login (password, OTP, Alma, auto-auth) once a user token is known:
 * registers the device, authenticates it and marks the session logged in. The guest's
 * token is kept for the fallback on logout.
 */
export async function completeLogin(login: TokenResponse): Promise<void> {
  const before = sessionStore.get();
  if (before.token && !before.isLogged) writeKey(StorageKey.guestAccessToken, before.token);
  const device = await registerDevice(login.access_token);
  const res = await authenticateDevice(device.id, login.access_token);
  applyDeviceAuth(res, false);
  setLogged(true);
}

/**
 * Spec 4 "Logout": remove the device, clear storage and fall back to the guest device
 * when one exists. The caller re-runs the start-up sequence afterwards.
 */
export async function logout(): Promise<void> {
  const { token } = sessionStore.get();
  const guestDeviceId = sessionStore.get().guestDeviceId;
  const guestToken = readKey(StorageKey.guestAccessToken);
  if (token) await logoutDevice(token).catch(() => undefined);
  clearSession();
  if (guestDeviceId !== null && guestToken) {
    // The guest's token may be expired: startSession re-authenticates it (accepted up to 30 days).
    writeKey(StorageKey.accessToken, guestToken);
    writeKey(StorageKey.accessTokenExpired, '1');
    setDevice(guestDeviceId, true);
  }
}
