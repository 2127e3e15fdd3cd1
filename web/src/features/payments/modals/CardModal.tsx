import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { Button, FormError, Modal, Spinner } from '@/shared/ui';
import { startCardLink } from '../payCalls';
import { useFlowDeps } from '../useFlow';
import { usePaySystems } from '../usePaySystems';
import { TestPaymentNote } from './TestPaymentNote';
import styles from './Payments.module.css';

/**
 * #card: link a card for later payments. A small charge, refunded at once, is paid on the
 * gateway's page; back here #pay_transaction polls the card link. Data: `{ paysystem? }`.
 */
export function CardModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const systems = usePaySystems();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const asked = (data as { paysystem?: string } | undefined)?.paysystem;
  // The pay system that links cards: the one asked for, else the first card-paying one.
  const ps =
    systems.list.find((p) => p.shortname === asked) ??
    systems.list.find((p) => p.kind === 'linkedcard' || p.payforms.includes('linkedcard')) ??
    systems.list.find((p) => p.kind === 'short_url');

  const link = async () => {
    setBusy(true);
    setError(null);
    try {
      const tx = await startCardLink(d, ps?.shortname);
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
    <Modal title={t('payments.cardTitle')} onClose={onClose} name="card">
      {systems.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : (
        <>
          {ps?.is_test && <TestPaymentNote />}
          <p className={styles.text}>{t('payments.cardText')}</p>
          <FormError message={error ?? (systems.error ? errorMessage(t, systems.error) : null)} />
          <div className={styles.actions}>
            <Button onClick={() => void link()} disabled={busy || !ps} aria-busy={busy || undefined}>
              {busy ? t('payments.redirecting') : t('payments.linkCard')}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('app.cancel')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
