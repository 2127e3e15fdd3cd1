import type { TFunction } from 'i18next';
import { isApiError } from '@/shared/api/errors';
import { waitSeconds } from '../api/client';
import { waitText } from '../i18n/wait';

/**
 * The text of a failed call: the server's message (field details after it, the wait of a
 * rate limit as words), or a general text when the server said nothing usable.
 */
export function errorText(t: TFunction<'operator'>, e: unknown): string {
  if (!isApiError(e)) return t('errors.unknown');
  if (e.isNetwork) return t('errors.network');
  const main = e.message || t('errors.generic', { status: e.status });
  const detail = Object.entries(e.detail)
    .filter(([k]) => k !== 'wait')
    .map(([, v]) => v)
    .filter((v) => v && !main.includes(v))
    .join('; ');
  const wait = waitSeconds(e);
  return [detail ? `${main} (${detail})` : main, wait ? t('errors.tryAgainIn', { time: waitText(t, wait) }) : '']
    .filter(Boolean)
    .join(' ');
}
