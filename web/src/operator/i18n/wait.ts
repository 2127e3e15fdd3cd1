import type { TFunction } from 'i18next';

/**
 * A wait in words with its plural form, rounded up so nobody retries too early: seconds
 * under a minute, else minutes, else hours.
 */
export function waitText(t: TFunction<'operator'>, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return t('wait.seconds', { count: s });
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return t('wait.minutes', { count: minutes });
  return t('wait.hours', { count: Math.ceil(minutes / 60) });
}
