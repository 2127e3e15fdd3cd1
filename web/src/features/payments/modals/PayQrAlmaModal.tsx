import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, ButtonAnchor, Field, FormError, Modal, Spinner } from '@/shared/ui';
import { balanceQuery } from '../api';
import { newIdempotencyKey } from '../flow';
import { startPhonePayment, qrImageSrc } from '../payCalls';
import { majorText, parseMajorAmount } from '../rules/amount';
import type { Transaction } from '../types';
import { useMoney } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { usePaySystems } from '../usePaySystems';
import { TestPaymentNote } from './TestPaymentNote';
import { TransactionOutcome } from './TransactionOutcome';
import styles from './Payments.module.css';

/** What #block_alma hands over: the amount the contract owes (minor units), if any. */
export interface PayQrAlmaData {
  amount?: number;
}

/**
 * #pay_qr_alma: an Alma-flow subscriber tops up the contract on their phone. The amount
 * starts at what the contract owes; the QR code opens the gateway's card page on the phone
 * (or here, by the link) and this dialog waits for the payment like every other.
 */
export function PayQrAlmaModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const { token } = useSession();
  const balance = useQuery(balanceQuery(token));
  const systems = usePaySystems();
  const owed = (data as PayQrAlmaData | undefined)?.amount ?? 0;
  const [text, setText] = useState(owed > 0 ? majorText(owed) : '');
  const [tx, setTx] = useState<Transaction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(newIdempotencyKey());
  // The card page of the operator: the one a phone can open from the code.
  const page = systems.list.find((ps) => ps.kind === 'short_url' || ps.payforms.includes('short_url'));
  const currency = balance.data?.currency;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const amount = parseMajorAmount(text);
    if (amount === null) {
      setError(t('payments.refillInvalid'));
      return;
    }
    if (!page || !currency) return;
    setError(null);
    setBusy(true);
    try {
      const pay = { purchase: { kind: 'refill' as const }, amount, currency, paysystem: page.shortname, title: page.title, isTest: page.is_test };
      const created = await startPhonePayment(d, pay, key.current);
      if (created) setTx(created);
      else onClose?.();
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const loading = balance.isPending || systems.isPending;
  const src = tx ? qrImageSrc(tx.qrcode_url, token, window.location.origin) : '';
  return (
    <Modal title={t('payments.qrAlmaTitle')} onClose={onClose} name="pay_qr_alma">
      {page?.is_test && <TestPaymentNote />}
      {loading ? (
        <Spinner label={t('app.loading')} />
      ) : tx ? (
        <>
          <span className={styles.amount}>{money(tx.amount, tx.currency)}</span>
          <div className={styles.qr}>
            {src && <img src={src} alt={t('payments.qrAlt', { amount: money(tx.amount, tx.currency) })} width={240} height={240} />}
            <p className={styles.text}>{t('payments.qrAlmaText')}</p>
            {tx.full_url && (
              <ButtonAnchor href={tx.full_url} variant="secondary" target="_blank" rel="noopener noreferrer">
                {t('payments.qrAlmaHere')}
              </ButtonAnchor>
            )}
          </div>
          <TransactionOutcome transactionId={tx.id} purchase={{ kind: 'refill' }} />
        </>
      ) : (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          {balance.data && <p className={styles.text}>{t('payments.balanceLine', { amount: money(balance.data.balance, balance.data.currency) })}</p>}
          <Field
            label={t('payments.refillAmount', { currency: currency ?? '' })}
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error}
            data-autofocus
          />
          {!page && <p className={styles.text}>{t('payments.noPaysystems')}</p>}
          <FormError message={systems.error ? errorMessage(t, systems.error) : null} />
          <div className={styles.actions}>
            <Button type="submit" disabled={busy || !page || !currency}>
              {t('payments.qrAlmaShow')}
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
