import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useCurrentUser } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, Field, FormError, Modal } from '@/shared/ui';
import { newIdempotencyKey, type PayModalData } from '../flow';
import { confirmSmsCode, sendSmsCode } from '../payCalls';
import { useMoney } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { TestPaymentNote } from './TestPaymentNote';
import { StaleModal } from './StaleModal';
import styles from './Payments.module.css';

const PHONE_PATTERN = /^\+?[\d\s()-]{7,20}$/;

/** #pay_phone_sms: payment from the phone account: the phone number, then the code from the SMS. */
export function PayPhoneSmsModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const user = useCurrentUser().data;
  const pay = data as PayModalData | undefined;
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [transactionId, setTransactionId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  // The code step's field takes the focus (the modal focused the phone field on opening).
  useEffect(() => {
    if (transactionId !== null) document.querySelector<HTMLInputElement>('[data-modal="pay_phone_sms"] input[autocomplete="one-time-code"]')?.focus();
  }, [transactionId]);
  if (!pay) return <StaleModal name="pay_phone_sms" onClose={onClose} />;
  const phoneValue = phone ?? user?.phone ?? '';

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!PHONE_PATTERN.test(phoneValue.trim())) {
      setError(t('payments.phoneInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const tx = await sendSmsCode(d, pay, phoneValue.trim(), key.current);
      if (tx) setTransactionId(tx.id);
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (transactionId === null) return;
    if (!code.trim()) {
      setCodeError(t('payments.codeRequired'));
      return;
    }
    setBusy(true);
    setCodeError(null);
    try {
      const tx = await confirmSmsCode(d, pay, transactionId, code.trim());
      d.open('pay_transaction', { transactionId: tx.id, purchase: pay.purchase });
    } catch (err) {
      if (isApiError(err) && err.status === 400 && err.detail.code) setCodeError(err.detail.code);
      else setCodeError(errorMessage(t, err));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('payments.phoneTitle')} onClose={onClose} name="pay_phone_sms">
      {pay.isTest && <TestPaymentNote />}
      <span className={styles.amount}>{money(pay.amount, pay.currency)}</span>
      {transactionId === null ? (
        <form className={styles.form} onSubmit={(e) => void send(e)} noValidate>
          <Field
            label={t('payments.phoneLabel')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phoneValue}
            onChange={(e) => setPhone(e.target.value)}
            error={error}
            data-autofocus
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={busy}>
              {t('payments.sendCode')}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('app.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <form className={styles.form} onSubmit={(e) => void confirm(e)} noValidate>
          <p className={styles.text} role="status">
            {t('payments.codeSent', { phone: phoneValue })}
          </p>
          <Field
            label={t('payments.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 8))}
            error={codeError}
            data-autofocus
          />
          <FormError message={error} />
          <div className={styles.actions}>
            <Button type="submit" disabled={busy}>
              {t('payments.confirmCode')}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('app.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
