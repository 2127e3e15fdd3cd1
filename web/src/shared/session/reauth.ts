import { REAUTH_GUARD_MS, TOKEN_LIFETIME_SECONDS } from '../lib/constants';

// Pure token rules of spec section 4 ("Token handling").

/** Expiry in unix seconds: the server's `expired`, else issue time + the token life. */
export function tokenExpiry(expired: number | null | undefined, nowMs: number, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): number {
  if (typeof expired === 'number' && expired > 0) return expired;
  return Math.floor(nowMs / 1000) + lifetimeSeconds;
}

export function isTokenExpired(expired: number | null, nowMs: number): boolean {
  if (expired === null) return false;
  return nowMs >= expired * 1000;
}

export type SessionMode = 'normal' | 'token' | 'parental';

export interface ReauthInput {
  hasToken: boolean;
  hasDeviceId: boolean;
  tokenExpired: boolean;
  tokenError: boolean;
  mode: SessionMode;
  pendingTransaction: boolean;
  childProfile: boolean;
  nowMs: number;
  lastTokenSetAtMs: number | null;
}

export type ReauthDecision =
  | { action: 'none'; reason: 'no-session' }
  | { action: 'reauth'; reason: 'expired' | 'token-error' | 'start' }
  | { action: 'skip'; reason: 'token-mode' | 'parental-mode' | 'pending-transaction' | 'child-profile' | 'recent-token' };

/**
 * Whether the app re-authenticates its device on start. An expired or errored token
 * always needs it (the token is useless otherwise); otherwise the start-up refresh is
 * skipped in token or parental mode, during a pending transaction, for child profiles and
 * within 5 minutes of the last token set.
 */
export function decideDeviceReauth(input: ReauthInput): ReauthDecision {
  if (!input.hasToken || !input.hasDeviceId) return { action: 'none', reason: 'no-session' };
  if (input.tokenExpired) return { action: 'reauth', reason: 'expired' };
  if (input.tokenError) return { action: 'reauth', reason: 'token-error' };
  if (input.mode === 'token') return { action: 'skip', reason: 'token-mode' };
  if (input.mode === 'parental') return { action: 'skip', reason: 'parental-mode' };
  if (input.pendingTransaction) return { action: 'skip', reason: 'pending-transaction' };
  if (input.childProfile) return { action: 'skip', reason: 'child-profile' };
  if (input.lastTokenSetAtMs !== null && input.nowMs - input.lastTokenSetAtMs < REAUTH_GUARD_MS) {
    return { action: 'skip', reason: 'recent-token' };
  }
  return { action: 'reauth', reason: 'start' };
}

export interface AccessInput {
  authOnly: boolean;
  providerAuthOnly: boolean;
  guestsAllowed: boolean;
  countryAllowed: boolean;
  telegramMiniApp: boolean;
}

export interface Access {
  /** The #auth modal is forced (and cannot be closed) outside the exempt pages. */
  authOnly: boolean;
  guestsAllowed: boolean;
  geoLocked: boolean;
}

/** Access mode from network data (spec 4 "Forbidden country", 6 "Roles"). */
export function deriveAccess(input: AccessInput): Access {
  const geoLocked = !input.countryAllowed;
  const guestsAllowed = input.guestsAllowed && !input.telegramMiniApp && !geoLocked;
  return {
    geoLocked,
    guestsAllowed,
    authOnly: input.authOnly || input.providerAuthOnly || !guestsAllowed,
  };
}
