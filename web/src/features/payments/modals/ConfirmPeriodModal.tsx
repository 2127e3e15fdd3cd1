import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, FormError, Modal, Spinner } from '@/shared/ui';
import { periodsQuery } from '../api';
import { buyWithOption, type PacketPurchase } from '../flow';
import { hasTrial } from '../rules/periods';
import { useFlowDeps } from '../useFlow';
import { PeriodOptions } from './PeriodOptions';
import { StaleModal } from './StaleModal';
import styles from './Payments.module.css';

/** #confirm_period: the viewer picks the period of a packet with several options (spec 4 step 5). */
export function ConfirmPeriodModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const { token } = useSession();
  const d = useFlowDeps();
  const purchase = (data as { purchase?: PacketPurchase } | undefined)?.purchase;
  const periods = useQuery({ ...periodsQuery(purchase?.packetId ?? 0, token), enabled: !!purchase });
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  if (!purchase) return <StaleModal name="confirm_period" onClose={onClose} />;

  const options = periods.data ?? [];
  const selected = options.find((o) => o.id === chosen) ?? options.find((o) => o.is_current) ?? options[0];

  const go = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      await buyWithOption(d, purchase, selected, hasTrial(selected));
    } catch (e) {
      d.alert(errorMessage(t, e), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('payments.periodTitle')} onClose={onClose} name="confirm_period">
      {purchase.name && <p className={styles.text}>{purchase.name}</p>}
      {periods.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : periods.isError ? (
        <FormError message={errorMessage(t, periods.error)} />
      ) : (
        <>
          <PeriodOptions options={options} value={selected?.id ?? null} onChange={setChosen} legend={t('payments.periodLegend')} />
          <div className={styles.actions}>
            <Button onClick={() => void go()} disabled={!selected || busy}>
              {t('payments.continue')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('app.cancel')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
