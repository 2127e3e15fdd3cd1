import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { FormError, Modal, Spinner } from '@/shared/ui';
import { newIdempotencyKey, type PayModalData } from '../flow';
import { startGatewayPayment } from '../payCalls';
import type { Transaction } from '../types';
import { useFlowDeps } from '../useFlow';
import { TestPaymentNote } from './TestPaymentNote';
import { TransactionOutcome } from './TransactionOutcome';
import { StaleModal } from './StaleModal';
import styles from './Payments.module.css';

/**
 * #pay_iframe: the gateway's page (full_url) inside the modal while the transaction is
 * polled (only where iframe payment is enabled; otherwise the flow uses #pay_redirect).
 */
export function PayIframeModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const pay = data as PayModalData | undefined;
  const [tx, setTx] = useState<Transaction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const key = useRef(newIdempotencyKey());

  useEffect(() => {
    if (!pay || started.current) return;
    started.current = true;
    startGatewayPayment(d, pay, 'pay_iframe', false, key.current)
      .then((created) => (created ? setTx(created) : onClose?.()))
      .catch((e: unknown) => setError(errorMessage(t, e)));
  }, [d, pay, t, onClose]);

  if (!pay) return <StaleModal name="pay_iframe" onClose={onClose} />;
  return (
    <Modal title={pay.title || t('payments.iframeTitle')} onClose={onClose} size="md" name="pay_iframe">
      {pay.isTest && <TestPaymentNote />}
      <FormError message={error} />
      {tx?.full_url ? (
        <>
          <iframe className={styles.frame} src={tx.full_url} title={t('payments.iframeTitle')} />
          <TransactionOutcome transactionId={tx.id} purchase={pay.purchase} quiet />
        </>
      ) : (
        !error && <Spinner label={t('app.loading')} />
      )}
    </Modal>
  );
}
