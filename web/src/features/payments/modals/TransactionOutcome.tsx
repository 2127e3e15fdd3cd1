import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import { Spinner } from '@/shared/ui';
import { finishPayment, paymentFailed } from '../flow';
import { clearPendingPayment } from '../storage';
import type { Purchase } from '../types';
import { useFlowDeps } from '../useFlow';
import { useTransactionPolling } from '../useTransactionPolling';
import styles from './Payments.module.css';

/**
 * Polls one transaction and acts on its end (spec 4 "Transaction"): complete -> the
 * purchase goes on (success alert, fresh data, the next packet, the content to play);
 * error -> the gateway's reason; timeout -> a notice; 404 -> nothing.
 */
export function TransactionOutcome({ transactionId, purchase, quiet }: { transactionId: number; purchase: Purchase | null; quiet?: boolean }) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const state = useTransactionPolling(transactionId);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || state.phase === 'polling') return;
    handled.current = true;
    switch (state.phase) {
      case 'complete':
        void finishPayment(d, state.tx, purchase).catch((e: unknown) => d.alert(errorMessage(t, e), 'error'));
        return;
      case 'error':
        paymentFailed(d, state.description);
        return;
      case 'timeout':
        clearPendingPayment();
        d.alert(t('payments.transactionTimeout'), 'warning');
        d.close();
        return;
      case 'gone':
        clearPendingPayment();
        d.close();
        return;
      case 'failed':
        d.alert(errorMessage(t, state.error), 'error');
        d.close();
    }
  }, [state, d, purchase, t]);

  if (quiet) return null;
  return (
    <div className={styles.qr} data-transaction-phase={state.phase}>
      <Spinner label={t('payments.transactionWaiting')} />
      <p className={styles.text} aria-hidden="true">
        {t('payments.transactionWaiting')}
      </p>
    </div>
  );
}
