import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, FormError, Modal } from '@/shared/ui';
import { newIdempotencyKey, type PayModalData } from '../flow';
import { startGatewayPayment } from '../payCalls';
import { useMoney } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { TestPaymentNote } from './TestPaymentNote';
import { StaleModal } from './StaleModal';
import styles from './Payments.module.css';

/**
 * #pay_redirect: the card flow without a saved card. The payment is created (short_url),
 * saved, and the viewer goes to the gateway's page in this window; the gateway sends them
 * back with purchased=true, where #pay_transaction polls the result.
 */
export function PayRedirectModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const money = useMoney();
  const pay = data as PayModalData | undefined;
  const [saveCard, setSaveCard] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  if (!pay) return <StaleModal name="pay_redirect" onClose={onClose} />;

  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const tx = await startGatewayPayment(d, pay, pay.form === 'pay_iframe' ? 'pay_iframe' : 'short_url', saveCard, key.current);
      if (tx?.full_url) {
        d.goTo(tx.full_url);
        return;
      }
      setBusy(false);
    } catch (e) {
      setError(errorMessage(t, e));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('payments.redirectTitle')} onClose={onClose} name="pay_redirect">
      {pay.isTest && <TestPaymentNote />}
      <span className={styles.amount}>{money(pay.amount, pay.currency)}</span>
      <p className={styles.text}>{t('payments.redirectText', { paysystem: pay.title })}</p>
      {pay.purchase.kind !== 'refill' && (
        <label className={styles.check}>
          <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />
          {t('payments.saveCard')}
        </label>
      )}
      <FormError message={error} />
      <div className={styles.actions}>
        <Button onClick={() => void go()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('payments.redirecting') : t('payments.goToPayment')}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('app.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
