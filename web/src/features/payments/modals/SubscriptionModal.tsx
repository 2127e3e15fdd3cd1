import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_CANCELLED } from '@/features/parental';
import { errorMessage } from '@/shared/lib/errorMessage';
import type { HashModalProps } from '@/shared/lib/modalNavigation';
import { useSession } from '@/shared/session';
import { Button, FormError, Modal, Spinner } from '@/shared/ui';
import { patchSubscription, periodsQuery, subscriptionsQuery } from '../api';
import { useSubscriptionActions } from '../subscriptionActions';
import { isPlannedChange } from '../rules/periods';
import { useDateText } from '../useFormat';
import { useFlowDeps } from '../useFlow';
import { PeriodOptions } from './PeriodOptions';
import { StaleModal } from './StaleModal';
import styles from './Payments.module.css';

export interface SubscriptionModalData {
  subscriptionId: number;
  packetId: number;
  name?: string;
}

/**
 * #subscription: the renewal period of a held packet. The change is PATCHed with the
 * period's id; when it takes effect later (the usual case: at the next renewal), the
 * 'planned' message says so (message_period_planned).
 */
export function SubscriptionModal({ onClose, data }: HashModalProps) {
  const { t } = useTranslation();
  const { token } = useSession();
  const d = useFlowDeps();
  const date = useDateText();
  const s = data as SubscriptionModalData | undefined;
  const periods = useQuery({ ...periodsQuery(s?.packetId ?? 0, token), enabled: !!s });
  // Spec: the action flags gate the period screen, renewal off and on included.
  const held = useQuery({ ...subscriptionsQuery(token), enabled: !!s });
  const actions = useSubscriptionActions();
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [plannedFrom, setPlannedFrom] = useState<number | null>(null);
  if (!s) return <StaleModal name="subscription" onClose={onClose} />;

  const options = periods.data ?? [];
  const sub = held.data?.find((x) => x.id === s.subscriptionId);
  const heldOne = sub ? { id: sub.id, packetId: s.packetId, name: s.name ?? sub.packet.name, endAt: sub.end_at } : null;
  const current = options.find((o) => o.is_current);
  const selected = options.find((o) => o.id === chosen) ?? current ?? options[0];

  const save = async () => {
    if (!selected) return;
    setBusy(true);
    setError(null);
    try {
      const res = await d.protectedCall((code) => patchSubscription(s.subscriptionId, { period_id: selected.id, parental_code: code }));
      if (res === PIN_CANCELLED) return;
      await d.client.invalidateQueries();
      if (isPlannedChange(res, selected.id, Date.now())) setPlannedFrom(res.state === 'future' || res.start_at * 1000 > Date.now() ? res.start_at : (res.next_pay_at ?? res.end_at));
      else {
        d.alert(t('payments.periodChanged'));
        d.close();
      }
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('payments.subscriptionTitle')} onClose={onClose} name="subscription">
      {s.name && <p className={styles.text}>{s.name}</p>}
      {plannedFrom !== null ? (
        <>
          <p className={styles.lead} role="status">
            {plannedFrom > 0 ? t('payments.message_period_planned_date', { date: date(plannedFrom) }) : t('payments.message_period_planned')}
          </p>
          <div className={styles.actions}>
            <Button onClick={onClose}>{t('payments.ok')}</Button>
          </div>
        </>
      ) : periods.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : periods.isError ? (
        <FormError message={errorMessage(t, periods.error)} />
      ) : (
        <>
          <PeriodOptions options={options} value={selected?.id ?? null} onChange={setChosen} legend={t('payments.periodLegend')} />
          <FormError message={error} />
          <div className={styles.actions}>
            <Button onClick={() => void save()} disabled={busy || !selected || selected.id === current?.id}>
              {t('payments.changePeriod')}
            </Button>
            {heldOne && sub?.actions.can_disable_renew && (
              <Button variant="secondary" onClick={() => void actions.disable(heldOne)} disabled={busy}>
                {t('packets.disable')}
              </Button>
            )}
            {heldOne && sub?.actions.can_enable_renew && (
              <Button variant="secondary" onClick={() => void actions.enable(heldOne).then(onClose)} disabled={busy}>
                {t('packets.renew')}
              </Button>
            )}
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('app.cancel')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
