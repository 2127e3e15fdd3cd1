import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/money';
import { periodParts } from './rules/periods';
import type { PeriodHuman } from './types';

/** Money in the interface language's format (the operator's prices as they are: minor units + currency). */
export function useMoney(): (minor: number, currency: string) => string {
  const { i18n } = useTranslation();
  return useCallback((minor, currency) => formatMoney(minor, currency, i18n.language), [i18n.language]);
}

/** A period as words with its plural form: '1 month', '3 months', '1 year', '7 days'. */
export function usePeriodText(): (p: PeriodHuman | null | undefined) => string {
  const { t } = useTranslation();
  return useCallback(
    (p) => {
      const parts = periodParts(p);
      if (!parts) return '';
      if (parts.unit === 'years') return t('payments.years', { count: parts.count });
      if (parts.unit === 'months') return t('payments.months', { count: parts.count });
      return t('plural.days', { count: parts.count });
    },
    [t],
  );
}

/** A date (unix seconds) as the interface language writes it. */
export function useDateText(): (unix: number) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (unix) => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(unix * 1000)),
    [i18n.language],
  );
}
