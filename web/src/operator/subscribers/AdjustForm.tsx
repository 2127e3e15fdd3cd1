import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/Button';
import type { SubscriberCard } from '../api/types';
import { amountText, fieldError, MAX_CHANGE_MINOR, moneyErrorText, newIdempotencyKey, readAmount } from '../ui/amount';
import styles from '../ui/console.module.css';
import { formatMoney } from '../ui/format';
import { adjustBalance, REASON_MAX, type MoneyChange } from './api';
import own from './card.module.css';
import { useCardRefresh } from './useCardRefresh';

type Account = NonNullable<SubscriberCard['account']>;
type Direction = 'credit' | 'debit';

/**
 * Crediting or debiting the balance with a reason (money.write). The form keeps one
 * idempotency key while it is open: a double click or a retry after a failed answer moves
 * the money once. A new form is a new key.
 */
export function AdjustForm({ id, account, onDone, onCancel }: { id: string; account: Account; onDone: (message: string) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('operator');
  const lng = i18n.language;
  const { refresh } = useCardRefresh(id);
  const [key] = useState(newIdempotencyKey);
  const [direction, setDirection] = useState<Direction>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const ids = { title: useId(), amount: useId(), reason: useId() };

  const adjust = useMutation({
    mutationFn: (body: MoneyChange) => adjustBalance(id, body),
    onSuccess: (entry) => {
      void refresh();
      const sum = formatMoney(Math.abs(entry.amount), entry.currency, lng);
      onDone(entry.amount < 0 ? t('money.debited', { amount: sum }) : t('money.credited', { amount: sum }));
    },
  });

  const reading = readAmount(amount);
  const amountProblem = !checked
    ? null
    : reading.ok
      ? null
      : reading.reason === 'max'
        ? t('money.tooMuch', { amount: formatMoney(MAX_CHANGE_MINOR, account.currency, lng) })
        : t('money.badAmount');
  const reasonProblem = checked && !reason.trim() ? t('login.required') : null;
  const amountError = fieldError(adjust.error, 'amount') ?? amountProblem;
  const reasonError = fieldError(adjust.error, 'reason') ?? reasonProblem;
  const after = reading.ok ? account.balance + (direction === 'debit' ? -reading.minor : reading.minor) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!reading.ok || !reason.trim() || adjust.isPending) return;
    adjust.mutate({ amount: direction === 'debit' ? -reading.minor : reading.minor, reason: reason.trim(), idempotency_key: key });
  };

  return (
    <form
      className={`${styles.panel} ${own.form}`}
      aria-labelledby={ids.title}
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !adjust.isPending) onCancel();
      }}
    >
      <h3 id={ids.title}>{t('money.adjustTitle')}</h3>
      <div className={own.fields}>
        <fieldset className={own.radios}>
          <legend className={styles.label}>{t('money.direction')}</legend>
          {(['credit', 'debit'] as const).map((d) => (
            <label key={d} className={own.radio}>
              <input type="radio" name={`${ids.title}-direction`} value={d} checked={direction === d} onChange={() => setDirection(d)} autoFocus={d === 'credit'} />
              {d === 'credit' ? t('money.credit') : t('money.debit')}
            </label>
          ))}
        </fieldset>
        <div className={styles.control}>
          <label htmlFor={ids.amount} className={styles.label}>
            {t('money.amountIn', { currency: account.currency })}
          </label>
          <input
            id={ids.amount}
            className={`${styles.input} ${styles.num}`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${ids.amount}-hint${amountError ? ` ${ids.amount}-error` : ''}`}
          />
          <span id={`${ids.amount}-hint`} className={styles.hint}>
            {after !== null
              ? t('money.after', { amount: formatMoney(after, account.currency, lng) })
              : t('money.amountHint', { example: amountText(15050) })}
          </span>
          {amountError && (
            <span id={`${ids.amount}-error`} className={`${styles.errorText} ${styles.small}`}>
              {amountError}
            </span>
          )}
        </div>
        <div className={`${styles.control} ${own.wide}`}>
          <label htmlFor={ids.reason} className={styles.label}>
            {t('money.reason')}
          </label>
          <input
            id={ids.reason}
            className={styles.input}
            value={reason}
            maxLength={REASON_MAX}
            autoComplete="off"
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${ids.reason}-hint${reasonError ? ` ${ids.reason}-error` : ''}`}
          />
          <span id={`${ids.reason}-hint`} className={styles.hint}>
            {t('money.reasonHint', { max: REASON_MAX })}
          </span>
          {reasonError && (
            <span id={`${ids.reason}-error`} className={`${styles.errorText} ${styles.small}`}>
              {reasonError}
            </span>
          )}
        </div>
      </div>
      {adjust.error && (
        <p role="alert" className={`${styles.errorText} ${styles.small}`}>
          {moneyErrorText(t, adjust.error, account.currency, lng, 'debit')}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" size="small" aria-disabled={adjust.isPending || undefined}>
          {direction === 'debit' ? t('money.submitDebit') : t('money.submitCredit')}
        </Button>
        <Button size="small" variant="ghost" aria-disabled={adjust.isPending || undefined} onClick={() => !adjust.isPending && onCancel()}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
