import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import { Button, Field, FormError } from '@/shared/ui';
import { majorText, parseMajorAmount } from '../rules/amount';
import { useMoney } from '../useFormat';
import styles from './Payments.module.css';

interface Props {
  /** The balance line above the field (minor units), when known. */
  balance?: { balance: number; currency: string };
  currency: string | undefined;
  /** Where the field starts (minor units; 0 = empty). */
  start: number;
  submitLabel: string;
  /** Something to choose besides the amount (the pay systems). */
  children?: ReactNode;
  /** A problem of the choices (not of the amount). */
  problem?: string | null;
  /** The amount cannot be sent yet (nothing to pay with). */
  blocked: boolean;
  onSubmit(amount: number): Promise<void>;
  onCancel?: () => void;
}

/** An amount of money to pay (#refill, #pay_qr_alma): the balance, the field, its check, the buttons. */
export function AmountForm({ balance, currency, start, submitLabel, children, problem, blocked, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const [text, setText] = useState(start > 0 ? majorText(start) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const amount = parseMajorAmount(text);
    if (amount === null) {
      setError(t('payments.refillInvalid'));
      return;
    }
    if (blocked || !currency) return;
    setError(null);
    setBusy(true);
    try {
      await onSubmit(amount);
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {balance && <p className={styles.text}>{t('payments.balanceLine', { amount: money(balance.balance, balance.currency) })}</p>}
      <Field
        label={t('payments.refillAmount', { currency: currency ?? '' })}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
        data-autofocus
      />
      {children}
      <FormError message={problem ?? null} />
      <div className={styles.actions}>
        <Button type="submit" disabled={busy || blocked || !currency}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('app.cancel')}
        </Button>
      </div>
    </form>
  );
}
