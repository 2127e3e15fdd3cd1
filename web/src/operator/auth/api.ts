import { consoleFetch } from '../api/client';
import type { StaffLoginAnswer, TotpEnrolment } from '../api/types';

// The sign-in and set-up calls. None of them needs a session; the second-factor
// enrolment also works signed in (then without a challenge, with the CSRF token).

export const login = (body: { email: string; password: string }) =>
  consoleFetch<StaffLoginAnswer>('/auth/login', { method: 'POST', body });

export const sendTotp = (body: { challenge: string; code: string }) =>
  consoleFetch<StaffLoginAnswer>('/auth/totp', { method: 'POST', body });

export const startTotpSetup = (challenge?: string) =>
  consoleFetch<TotpEnrolment>('/auth/totp/setup', { method: 'POST', body: challenge ? { challenge } : {} });

export const confirmTotp = (body: { challenge?: string; code: string }) =>
  consoleFetch<StaffLoginAnswer>('/auth/totp/confirm', { method: 'POST', body });

export const setPassword = (body: { token: string; password: string }) =>
  consoleFetch<{ email: string }>('/auth/setup', { method: 'POST', body });

export const logout = () => consoleFetch<void>('/auth/logout', { method: 'POST' });

/**
 * A code as typed: an authenticator's six digits lose the spaces and dashes apps show
 * ("123 456"); anything else (a recovery code) goes as typed, the server reads it.
 */
export function normaliseCode(raw: string): string {
  const compact = raw.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(compact) ? compact : raw.trim();
}

/**
 * Whether a typed code cannot be right: the app's code is six digits; a shorter run of
 * digits is a mistyped one (a recovery code is longer), so it is not sent to count
 * towards the lockout.
 */
export function codeLooksWrong(code: string, recovery: boolean): boolean {
  if (/^\d{6}$/.test(code)) return false;
  if (!recovery) return true;
  const compact = code.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) && compact.length < 10;
}

/** Where to go after sign-in: a path inside the console only, never another site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/login') || next.startsWith('/setup')) return '/';
  return next;
}
