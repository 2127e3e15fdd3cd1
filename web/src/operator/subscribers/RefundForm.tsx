import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api/errors';
import { Button } from '@/shared/ui/Button';
import type { StaffTransaction } from '../api/types';
import { amountText, fieldError, moneyErrorText, newIdempotencyKey, readAmount } from '../ui/amount';
import styles from '../ui/console.module.css';
import { formatMoney } from '../ui/format';
import { REASON_MAX, refundPayment, subscriberKeys, type MoneyChange } from './api';
import own from './card.module.css';
import { refundable } from './labels';
import { useCardRefresh } from './useCardRefresh';

/**
 * Refunding a complete payment, in full or in part, through its gateway (money.write).
 * The amount starts at what is left. The form keeps one idempotency key while open (a
 * retry after no answer asks the gateway about the same refund); a refund the gateway
 * refused is over, so the next try is a new refund with a new key.
 */
export function RefundForm({
  id,
  tx,
  page,
  onDone,
  onCancel,
}: {
  id: string;
  tx: StaffTransaction;
  page: number;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('operator');
  const lng = i18n.language;
  const { refresh, client } = useCardRefresh(id);
  const left = refundable(tx);
  const [key, setKey] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState(() => amountText(left));
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const ids = { title: useId(), amount: useId(), reason: useId() };

  const refund = useMutation({
    mutationFn: (body: MoneyChange) => refundPayment(id, tx.id, body),
    onSuccess: (saved, body) => {
      client.setQueryData<StaffTransaction[]>(subscriberKeys.transactions(id, page), (list) => list?.map((x) => (x.id === saved.id ? saved : x)));
      void refresh();
      onDone(t('payments.refundDone', { amount: formatMoney(body.amount, saved.currency, lng), id: saved.id }));
    },
    onError: (e) => {
      if (isApiError(e) && e.type === 'refund_rejected') setKey(newIdempotencyKey());
    },
  });

  const reading = readAmount(amount, left);
  const amountProblem = !checked
    ? null
    : reading.ok
      ? null
      : reading.reason === 'max'
        ? t('money.mostRefund', { amount: formatMoney(left, tx.currency, lng) })
        : t('money.badAmount');
  const reasonProblem = checked && !reason.trim() ? t('login.required') : null;
  const amountError = fieldError(refund.error, 'amount') ?? amountProblem;
  const reasonError = fieldError(refund.error, 'reason') ?? reasonProblem;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!reading.ok || !reason.trim() || refund.isPending) return;
    refund.mutate({ amount: reading.minor, reason: reason.trim(), idempotency_key: key });
  };

  return (
    <form
      className={own.inlineForm}
      aria-labelledby={ids.title}
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !refund.isPending) onCancel();
      }}
    >
      <h3 id={ids.title} className={own.inlineTitle}>
        {t('payments.refundOf', { id: tx.id })}
      </h3>
      <div className={own.fields}>
        <div className={styles.control}>
          <label htmlFor={ids.amount} className={styles.label}>
            {t('money.amountIn', { currency: tx.currency })}
          </label>
          <input
            id={ids.amount}
            className={`${styles.input} ${styles.num}`}
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${ids.amount}-hint${amountError ? ` ${ids.amount}-error` : ''}`}
          />
          <span id={`${ids.amount}-hint`} className={styles.hint}>
            {t('payments.left', { amount: formatMoney(left, tx.currency, lng) })}
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
        <div className={`${styles.actions} ${styles.besideField}`}>
          <Button type="submit" size="small" aria-disabled={refund.isPending || undefined}>
            {t('payments.refundSubmit')}
          </Button>
          <Button size="small" variant="ghost" aria-disabled={refund.isPending || undefined} onClick={() => !refund.isPending && onCancel()}>
            {t('common.cancel')}
          </Button>
        </div>
      </div>
      {refund.error && (
        <p role="alert" className={`${styles.errorText} ${styles.small}`}>
          {moneyErrorText(t, refund.error, tx.currency, lng, 'refund')}
        </p>
      )}
    </form>
  );
}
