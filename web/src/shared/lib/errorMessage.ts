import type { TFunction } from 'i18next';
import { isApiError } from '../api/errors';

/**
 * The general error handler of spec 8: the server's message, or 'error' plus the status;
 * a detail object is shown as `field: message` pairs.
 */
export function errorMessage(t: TFunction, e: unknown): string {
  if (!isApiError(e)) return t('errors.unknown');
  if (e.isNetwork) return t('errors.network');
  const detail = Object.entries(e.detail)
    .filter(([k]) => k !== 'country' && k !== 'remote' && k !== 'wait')
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  const main = e.message || t('errors.generic', { status: e.status });
  return detail && !main.includes(detail) ? `${main} (${detail})` : main;
}
