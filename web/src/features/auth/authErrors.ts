import type { TFunction } from 'i18next';
import { isApiError } from '@/shared/api';

/**
 * Spec 8 for the sign-in screens: the server's error.message (or detail.token for a
 * wrong code) is shown in the form; no network response shows the download/network
 * error; anything else the generic 'error' + status.
 */
export function authErrorMessage(t: TFunction, e: unknown): string {
  if (!isApiError(e)) return t('errors.unknown');
  if (e.isNetwork) return t('auth.errors.noResponse');
  if (e.type === 'forbidden_country') {
    return t('auth.errors.forbiddenCountry', { country: e.detail.country || '—', remote: e.detail.remote || '—' });
  }
  return e.message || e.detail.token || t('errors.generic', { status: e.status });
}
