import type { TFunction } from 'i18next';
import { isApiError } from '@/shared/api';
import { waitText } from '@/shared/i18n';
import { errorMessage } from '@/shared/lib/errorMessage';

export function isWrongPin(e: unknown): boolean {
  return isApiError(e) && e.type === 'wrong_parental_code';
}

export function isPinLocked(e: unknown): boolean {
  return isApiError(e) && (e.status === 429 || e.type === 'rate_limited');
}

/**
 * The message of a failed PIN entry: wrong code (the server's text tells the tries left),
 * locked with the wait, or the general handler's message.
 */
export function pinErrorMessage(t: TFunction, e: unknown): string {
  if (isWrongPin(e)) return (isApiError(e) && e.message) || t('parental.wrongCode');
  if (isPinLocked(e) && isApiError(e)) {
    const wait = Number(e.detail.wait);
    return Number.isFinite(wait) && wait > 0 ? t('parental.locked', { time: waitText(t, wait) }) : e.message || t('parental.lockedShort');
  }
  return errorMessage(t, e);
}
