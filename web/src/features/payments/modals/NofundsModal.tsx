import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, Modal } from '@/shared/ui';
import { paymentStep } from '../flow';
import type { PaymentStep } from '../types';
import { useMoney } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import styles from './Payments.module.css';

/**
 * #nofunds: the balance lacks money for a purchase (an offer's 400 nofunds, spec 8): pay
 * the rest through a pay system (the purchase is made when it completes), or top up.
 */
export function NofundsModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const step = data as PaymentStep | undefined;
  const [busy, setBusy] = useState(false);
  if (!step) {
    return (
      <Modal title={t('payments.nofundsTitle')} onClose={onClose} name="nofunds">
        <p className={styles.lead}>{t('payments.nofundsGeneral')}</p>
        <div className={styles.actions}>
          <Button onClick={() => d.open('refill')}>{t('payments.refillButton')}</Button>
        </div>
      </Modal>
    );
  }
  const amount = money(step.amount, step.currency);

  const payRest = async () => {
    setBusy(true);
    try {
      await paymentStep(d, step);
    } catch (e) {
      d.alert(errorMessage(t, e), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('payments.nofundsTitle')} onClose={onClose} name="nofunds">
      <p className={styles.lead}>{t('payments.nofundsText', { amount })}</p>
      <div className={styles.actions}>
        <Button onClick={() => void payRest()} disabled={busy}>
          {t('payments.payButton', { price: amount })}
        </Button>
        <Button variant="secondary" onClick={() => d.open('refill', { amount: step.amount })} disabled={busy}>
          {t('payments.refillButton')}
        </Button>
      </div>
    </Modal>
  );
}
