import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { hasTrial, shownDiscount } from '../rules/periods';
import type { PeriodOption } from '../types';
import { useMoney, usePeriodText } from '../useFormat';
import styles from './Payments.module.css';

/**
 * The price options of a packet as a radio group: the period, its whole price (never a
 * monthly fraction), the discount against the shortest period, an open trial and the
 * viewer's current period.
 */
export interface PeriodOptionsProps {
  options: PeriodOption[];
  value: number | null;
  onChange(id: number): void;
  legend: string;
}

export function PeriodOptions({ options, value, onChange, legend }: PeriodOptionsProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const period = usePeriodText();
  const name = useId();
  const first = options[0];
  return (
    <fieldset className={styles.list}>
      <legend>{legend}</legend>
      {options.map((o) => {
        const discount = shownDiscount(o, first);
        return (
          <label key={o.id} className={styles.choice} data-period-id={o.id}>
            <input type="radio" name={name} value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} />
            <span className={styles.choiceMain}>
              <span className={styles.choiceTitle}>
                {period(o.period_human)}
                {discount > 0 && <span className={styles.discount}>{t('payments.discount', { percent: discount })}</span>}
                {o.is_current && <span className={styles.tag}>{t('payments.currentPeriod')}</span>}
              </span>
              {hasTrial(o) && (
                <span className={styles.choiceNote}>
                  {o.trial_amount === 0
                    ? t('payments.trialFree', { period: period(o.trial_period_human) })
                    : t('payments.trialFor', { period: period(o.trial_period_human), price: money(o.trial_amount ?? 0, o.currency) })}
                </span>
              )}
            </span>
            <span className={styles.choicePrice}>{money(o.amount, o.currency)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
