import type { TFunction } from 'i18next';

/**
 * A wait in the interface language with its plural form (ru: 1 секунда, 3 секунды,
 * 5 секунд, 21 секунда): seconds under a minute, else whole minutes, else whole hours,
 * always rounded up so the viewer never retries too early. The texts around it use a
 * nominative slot ("До следующей попытки: {{time}}").
 */
export function waitText(t: TFunction, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return t('plural.seconds', { count: s });
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return t('plural.minutes', { count: minutes });
  return t('plural.hours', { count: Math.ceil(minutes / 60) });
}
