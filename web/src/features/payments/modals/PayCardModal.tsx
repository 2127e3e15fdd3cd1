import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, FormError, Modal } from '@/shared/ui';
import { newIdempotencyKey, type PayModalData } from '../flow';
import { payWithCard } from '../payCalls';
import { useMoney } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { TestPaymentNote } from './TestPaymentNote';
import { StaleModal } from './StaleModal';
import styles from './Payments.module.css';

/** #pay_card: the card flow with a primary saved card: it pays at once, then the result is polled. */
export function PayCardModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const pay = data as PayModalData | undefined;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  if (!pay?.card) return <StaleModal name="pay_card" onClose={onClose} />;
  const card = pay.card;

  const payNow = async () => {
    setBusy(true);
    setError(null);
    try {
      const tx = await payWithCard(d, pay, card.id, key.current);
      if (tx) d.open('pay_transaction', { transactionId: tx.id, purchase: pay.purchase });
      else setBusy(false);
    } catch (e) {
      setError(errorMessage(t, e));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('payments.payCardTitle')} onClose={onClose} name="pay_card">
      {pay.isTest && <TestPaymentNote />}
      <span className={styles.amount}>{money(pay.amount, pay.currency)}</span>
      <p className={styles.text}>{t('payments.payCardText', { card: [card.brand, card.number].filter(Boolean).join(' ') })}</p>
      <FormError message={error} />
      <div className={styles.actions}>
        <Button onClick={() => void payNow()} disabled={busy} aria-busy={busy || undefined}>
          {t('payments.payButton', { price: money(pay.amount, pay.currency) })}
        </Button>
        <Button variant="secondary" onClick={() => d.open('pay_redirect', { ...pay, card: undefined, form: 'short_url' } satisfies PayModalData)} disabled={busy}>
          {t('payments.otherCard')}
        </Button>
      </div>
    </Modal>
  );
}
