import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Modal } from '@/shared/ui';
import { isSavedTransactionFresh } from '../rules/transaction';
import { clearPendingPayment, readPendingPayment } from '../storage';
import type { Purchase } from '../types';
import { useFlowDeps } from '../useFlow';
import { TransactionOutcome } from './TransactionOutcome';

interface TransactionData {
  transactionId?: number;
  purchase?: Purchase | null;
}

/**
 * #pay_transaction: waits for a payment with a spinner and shows its result. Opened by the
 * flow with the transaction, or on the return from the gateway's page (purchased=true),
 * where the saved purchase_id tells which one; a saved one over an hour old is dropped.
 */
export function PayTransactionModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const [target] = useState(() => {
    const given = data as TransactionData | undefined;
    if (given?.transactionId) return { transactionId: given.transactionId, purchase: given.purchase ?? null };
    const saved = readPendingPayment();
    if (!saved) return null;
    if (!isSavedTransactionFresh(saved.savedAtMs, Date.now())) {
      clearPendingPayment();
      return null;
    }
    return { transactionId: saved.transactionId, purchase: saved.purchase };
  });

  useEffect(() => {
    if (!target) d.close();
  }, [target, d]);

  if (!target) return null;
  return (
    // Closing clears purchased from the address too, so the return is not caught again.
    <Modal title={t('payments.transactionTitle')} onClose={onClose ? d.close : undefined} name="pay_transaction">
      <TransactionOutcome transactionId={target.transactionId} purchase={target.purchase} />
    </Modal>
  );
}
