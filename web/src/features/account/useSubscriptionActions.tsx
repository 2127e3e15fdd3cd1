import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_CANCELLED, usePinGate, usePinPassCall, useProtectedCall } from '@/features/parental';
import { isApiError } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { Button, Modal, showAlert } from '@/shared/ui';
import { cancelFuture, disableRenewal, enableRenewal } from './api';
import type { UserPacket } from './types';
import styles from './Account.module.css';

type Disabling = { item: UserPacket; future: boolean; attempt: number };

/**
 * The changes a subscription's button starts. Disabling (renewal off, or a scheduled
 * subscription cancelled) passes the parental check of the pay action first, then asks
 * for confirmation; the server's refusals open the message modal (spec 8: 451 with the
 * operator's message, 400 titled title_disabled_renewal).
 */
export function useSubscriptionActions(): {
  disable(item: UserPacket, future: boolean): void;
  renew(item: UserPacket): Promise<void>;
  change(item: UserPacket): void;
  busyId: number | null;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { open } = useModalNavigation();
  const protectedCall = useProtectedCall();
  const pinPassCall = usePinPassCall();
  const [disabling, setDisabling] = useState<Disabling | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const attempts = useRef(0);
  // Each press is a new attempt, so a PIN closed once does not block the next press.
  const { gate } = usePinGate('pay', disabling?.attempt ?? null, disabling ? true : null);

  useEffect(() => {
    if (gate === 'refused') setDisabling(null);
  }, [gate]);

  // Subscriptions decide what plays: everything that shows access is read again.
  const refresh = () => queryClient.invalidateQueries();

  async function run(item: UserPacket, call: () => Promise<unknown>, done: string, onRefusal?: (e: unknown) => boolean) {
    setBusyId(item.id);
    try {
      const result = await call();
      if (result === PIN_CANCELLED) return;
      showAlert(done);
      await refresh();
    } catch (e) {
      if (onRefusal?.(e)) return;
      showAlert(errorMessage(t, e), { kind: 'error' });
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDisable() {
    if (!disabling) return;
    const { item, future } = disabling;
    setDisabling(null);
    if (future) {
      await run(item, () => pinPassCall('pay', () => cancelFuture(item.id)), t('account.messageFutureCancelled'));
      return;
    }
    await run(item, () => protectedCall('pay', (code) => disableRenewal(item.id, code)), t('account.messageRenewalDisabled'), (e) => {
      if (!isApiError(e)) return false;
      if (e.status === 451) {
        open('message', { title: t('account.unsubscribeForbidden'), text: e.message || t('errors.unknown') });
        return true;
      }
      if (e.status === 400) {
        open('message', { title: t('account.titleDisabledRenewal'), text: e.message || t('errors.unknown') });
        return true;
      }
      return false;
    });
  }

  const dialog =
    disabling && gate === 'open' ? (
      <Modal title={t(disabling.future ? 'account.cancelFutureTitle' : 'account.disableTitle')} onClose={() => setDisabling(null)} name="confirm-disable">
        <p className={styles.muted}>{t(disabling.future ? 'account.cancelFutureText' : 'account.disableText', { name: disabling.item.packet.name })}</p>
        <div className={styles.dialogButtons}>
          <Button onClick={() => void confirmDisable()}>{t(disabling.future ? 'account.cancelFutureYes' : 'account.disableYes')}</Button>
          <Button variant="secondary" onClick={() => setDisabling(null)}>
            {t('app.cancel')}
          </Button>
        </div>
      </Modal>
    ) : null;

  return {
    disable(item, future) {
      attempts.current += 1;
      setDisabling({ item, future, attempt: attempts.current });
    },
    renew: (item) => run(item, () => protectedCall('pay', (code) => enableRenewal(item.id, code)), t('account.messageRenewalEnabled')),
    // The period screen belongs to the payments area.
    change: (item) => open('subscription', { subscriptionId: item.id, packetId: item.packet.id }),
    busyId,
    dialog,
  };
}
