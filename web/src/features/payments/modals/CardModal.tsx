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

/** Data of #card (all optional): the pay system, the refund rule of a paid promo key, where to come back. */
export interface CardModalData {
  paysystem?: string;
  needed_refund?: boolean;
  /** A path of this site to return to from the gateway's page (default: this page). */
  return_url?: string;
}

/**
 * #card: link a card for later payments. A small charge (refunded unless needed_refund is
 * false) is paid on the gateway's page; back on the return page #pay_transaction polls the
 * card link.
 */
export function CardModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const d = useFlowDeps();
  const systems = usePaySystems();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const card = (data ?? {}) as CardModalData;
  const asked = card.paysystem;
  // The pay system that links cards: the one asked for, else the first card-paying one.
  const ps =
    systems.list.find((p) => p.shortname === asked) ??
    systems.list.find((p) => p.kind === 'linkedcard' || p.payforms.includes('linkedcard')) ??
    systems.list.find((p) => p.kind === 'short_url');

  const link = async () => {
    setBusy(true);
    setError(null);
    try {
      const tx = await startCardLink(d, { paysystem: ps?.shortname, neededRefund: card.needed_refund, returnPath: card.return_url });
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
