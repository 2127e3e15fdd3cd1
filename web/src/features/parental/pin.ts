// PIN rules of spec access-and-identity 4 "Parental PIN", 5 and 9: exactly 4 digits, two
// matching entries when setting, which actions ask for a check and how long a pass lasts.
import type { ParentalSettings, ParentalStatus } from '@/shared/api';

export const PIN_LENGTH = 4;

export type PinAction = 'vod' | 'channel' | 'program' | 'settings' | 'pay' | 'profile' | 'parental';

/** The actions a device can protect (its parental_settings flags). */
export const PROTECTED_ACTIONS = ['profile', 'program', 'vod', 'channel', 'pay', 'settings'] as const;
export type ProtectedAction = (typeof PROTECTED_ACTIONS)[number];

/** Only digits, at most 4 of them. */
export function sanitisePin(input: string): string {
  return input.replace(/\D/g, '').slice(0, PIN_LENGTH);
}

export function isCompletePin(pin: string): boolean {
  return /^\d{4}$/.test(pin);
}

/** Step two of PIN setting: both entries complete and equal. */
export function pinsMatch(first: string, second: string): boolean {
  return isCompletePin(first) && first === second;
}

/** Spec 5: the PIN is offered only when it is set and the user is logged in. */
export function isPinOffered(status: ParentalStatus | undefined, isLogged: boolean): boolean {
  return status === 'set' && isLogged;
}

/** The short pass after a right PIN: 2 s for content (vod, channel, program), 5 s for other actions. */
export function shortPassMs(action: PinAction): number {
  return action === 'vod' || action === 'channel' || action === 'program' ? 2_000 : 5_000;
}

/** Content checks are skipped within 30 s of the last payment transaction. */
export const TRANSACTION_GRACE_MS = 30_000;

export interface CheckContext {
  status: ParentalStatus | undefined;
  isLogged: boolean;
  /** The current device's settings; null while unknown (then every action is protected). */
  settings: ParentalSettings | null;
  nowMs: number;
  /** Unix ms until which the server remembers the PIN for this token (mirrored pass_until). */
  passUntilMs: number;
  /** Unix ms until which the short pass after the last right entry lasts. */
  shortPassUntilMs: number;
  lastTransactionMs?: number | null;
}

/**
 * Whether `action` must ask for the PIN now. The parental settings themselves (action
 * `parental`) are always protected once a PIN is set, whatever the device's flags say.
 */
export function needsPinCheck(action: PinAction, c: CheckContext): boolean {
  if (!isPinOffered(c.status, c.isLogged)) return false;
  if (c.nowMs < c.shortPassUntilMs || c.nowMs < c.passUntilMs) return false;
  if (action === 'parental') return true;
  if ((action === 'vod' || action === 'channel' || action === 'program') && c.lastTransactionMs != null) {
    if (c.nowMs - c.lastTransactionMs < TRANSACTION_GRACE_MS) return false;
  }
  return c.settings ? c.settings[action] : true;
}
