export { StorageKey, COOKIE_EXPIRES, KEYS_KEPT_ON_CLEAR } from './storageKeys';
export type { StorageKeyName } from './storageKeys';
export { readKey, writeKey, clearSessionKeys } from './storage';
export { decideDeviceReauth, deriveAccess, isTokenExpired, tokenExpiry } from './reauth';
export type { Access, ReauthDecision, SessionMode } from './reauth';
export {
  sessionStore,
  useSession,
  loginState,
  markTokenError,
  setProfile,
  setSessionMode,
  setPendingTransaction,
  clearSession,
} from './sessionStore';
export type { SessionState, LoginState } from './sessionStore';
export { startSession, reauthenticateDevice, completeLogin, logout, GeoLockedError } from './lifecycle';
export type { StartOutcome, StartOptions } from './lifecycle';
export { loginWithPassword, registerDevice, authenticateDevice, oldestRemovableDevice } from './identityCalls';
export { setRestartHandler, requestRestart } from './restart';
