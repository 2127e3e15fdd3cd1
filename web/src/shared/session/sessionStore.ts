import type { Profile } from '../api/types';
import { createStore, useStore } from '../lib/createStore';
import type { SessionMode } from './reauth';
import { clearSessionKeys, readJson, readKey, readNumber, writeKey } from './storage';
import { StorageKey } from './storageKeys';

// The login state of this browser, mirrored to storage. Server data about the user
// (GET /users/self) is server state and lives in TanStack Query, not here.

export interface SessionState {
  token: string | null;
  /** Unix seconds. */
  expired: number | null;
  tokenSetAt: number | null;
  tokenError: boolean;
  deviceId: number | null;
  guestDeviceId: number | null;
  profile: Profile | null;
  /** A registered (non-guest) user is logged in. */
  isLogged: boolean;
  mode: SessionMode;
  /** A payment transaction is in progress: no device re-auth on start (set by commerce). */
  pendingTransaction: boolean;
}

export function readStoredSession(): SessionState {
  return {
    token: readKey(StorageKey.accessToken) || null,
    expired: readNumber(StorageKey.accessTokenExpired),
    tokenSetAt: readNumber(StorageKey.accessTokenSetAt),
    tokenError: false,
    deviceId: readNumber(StorageKey.deviceId),
    guestDeviceId: readNumber(StorageKey.guestDeviceId),
    profile: readJson<Profile>(StorageKey.profile),
    isLogged: readKey(StorageKey.isLogged) === '1',
    mode: 'normal',
    pendingTransaction: false,
  };
}

export const emptySession: SessionState = {
  token: null,
  expired: null,
  tokenSetAt: null,
  tokenError: false,
  deviceId: null,
  guestDeviceId: null,
  profile: null,
  isLogged: false,
  mode: 'normal',
  pendingTransaction: false,
};

export const sessionStore = createStore<SessionState>(emptySession);

export const useSession = () => useStore(sessionStore);

/** Session kinds of spec 4 "Login state". */
export type LoginState = 'anonymous' | 'guest' | 'logged';

export function loginState(s: SessionState): LoginState {
  if (!s.token) return 'anonymous';
  return s.isLogged ? 'logged' : 'guest';
}

export function setToken(token: string, expired: number, nowMs: number = Date.now()): void {
  writeKey(StorageKey.accessToken, token);
  writeKey(StorageKey.accessTokenExpired, String(expired));
  writeKey(StorageKey.accessTokenSetAt, String(nowMs));
  sessionStore.set((s) => ({ ...s, token, expired, tokenSetAt: nowMs, tokenError: false }));
}

export function setDevice(deviceId: number, guest: boolean): void {
  writeKey(StorageKey.deviceId, String(deviceId));
  if (guest) writeKey(StorageKey.guestDeviceId, String(deviceId));
  sessionStore.set((s) => ({ ...s, deviceId, guestDeviceId: guest ? deviceId : s.guestDeviceId }));
}

export function setProfile(profile: Profile | null): void {
  writeKey(StorageKey.profile, profile ? JSON.stringify(profile) : null);
  sessionStore.set((s) => ({ ...s, profile }));
}

export function setLogged(isLogged: boolean): void {
  writeKey(StorageKey.isLogged, isLogged ? '1' : null);
  sessionStore.set((s) => ({ ...s, isLogged }));
}

export function markTokenError(): void {
  sessionStore.set((s) => ({ ...s, tokenError: true }));
}

export function setSessionMode(mode: SessionMode): void {
  sessionStore.set((s) => ({ ...s, mode }));
}

export function setPendingTransaction(pendingTransaction: boolean): void {
  sessionStore.set((s) => ({ ...s, pendingTransaction }));
}

export function clearSession(): void {
  clearSessionKeys();
  sessionStore.set({ ...emptySession });
}

export function getSerial(make: () => string): string {
  const stored = readKey(StorageKey.serial);
  if (stored) return stored;
  const serial = make();
  writeKey(StorageKey.serial, serial);
  return serial;
}
