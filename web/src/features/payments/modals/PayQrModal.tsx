import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { ButtonAnchor, FormError, Modal, Spinner } from '@/shared/ui';
import { newIdempotencyKey, type PayModalData } from '../flow';
import { makeQrPayment, qrImageSrc } from '../payCalls';
import type { Transaction } from '../types';
import { useMoney } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { TestPaymentNote } from './TestPaymentNote';
import { TransactionOutcome } from './TransactionOutcome';
import { StaleModal } from './StaleModal';
import styles from './Payments.module.css';

/**
 * #pay_qr: an SBP QR code to scan in a bank's app (qrcode, or qrcode_png for one operator),
 * the amount, and the wait for the payment (polled). On a phone the same payload opens
 * the bank's app as a link.
 */
export function PayQrModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const { token } = useSession();
  const pay = data as PayModalData | undefined;
  const [tx, setTx] = useState<Transaction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const key = useRef(newIdempotencyKey());

  useEffect(() => {
    if (!pay || started.current) return;
    started.current = true;
    makeQrPayment(d, pay, key.current)
      .then((created) => (created ? setTx(created) : onClose?.()))
      .catch((e: unknown) => setError(errorMessage(t, e)));
  }, [d, pay, t, onClose]);

  if (!pay) return <StaleModal name="pay_qr" onClose={onClose} />;
  const src = tx ? qrImageSrc(tx.qrcode_url, token, window.location.origin) : '';
  return (
    <Modal title={t('payments.qrTitle')} onClose={onClose} name="pay_qr">
      {pay.isTest && <TestPaymentNote />}
      <span className={styles.amount}>{money(tx?.amount ?? pay.amount, tx?.currency ?? pay.currency)}</span>
      <FormError message={error} />
      {tx ? (
        <>
          <div className={styles.qr}>
            {src && <img src={src} alt={t('payments.qrAlt', { amount: money(tx.amount, tx.currency) })} width={240} height={240} />}
            <p className={styles.text}>{t('payments.qrText')}</p>
            {tx.qr_payload && /^https?:/.test(tx.qr_payload) && (
              <ButtonAnchor href={tx.qr_payload} variant="secondary" target="_blank" rel="noopener noreferrer">
                {t('payments.qrOpenBank')}
              </ButtonAnchor>
            )}
          </div>
          <TransactionOutcome transactionId={tx.id} purchase={pay.purchase} />
        </>
      ) : (
        !error && <Spinner label={t('app.loading')} />
      )}
    </Modal>
  );
}
