import { useCallback, useMemo } from 'react';
import { PIN_CANCELLED } from '@/features/parental';
import { isApiError } from '@/shared/api';
import { errorMessage } from '@/shared/lib/errorMessage';
import { cancelFuture, patchSubscription, unsubscribe } from './api';
import type { ConfirmData, FlowDeps } from './flow';
import { needsPayPin } from './rules/purchase';
import { lastSkipParentalAt } from './storage';
import { useFlowDeps } from './useFlow';

// The buttons of spec 4 "User packet state and buttons" for a held packet: renewal off
// (after the parental check, with a confirmation), renewal on, a change of period
// (#subscription) and the cancel of a planned packet. The messages confirm each.

export interface HeldSubscription {
  id: number;
  packetId: number;
  name: string;
  endAt: number;
}

/** DELETE /subscriptions/{id}: 451 and title_disabled_renewal bring the operator's text in a message. */
export async function disableRenewal(d: FlowDeps, subscriptionId: number): Promise<void> {
  try {
    const res = await d.protectedCall((code) => unsubscribe(subscriptionId, code));
    if (res === PIN_CANCELLED) return;
    await d.client.invalidateQueries();
    d.alert(d.t('payments.message_renewal_disabled'));
    d.close();
  } catch (e) {
    if (isApiError(e) && e.status === 451) d.open('message', { title: d.t('payments.unsubscribeForbiddenTitle'), text: e.message });
    else if (isApiError(e) && e.type === 'title_disabled_renewal') d.open('message', { title: d.t('payments.title_disabled_renewal'), text: e.message });
    else d.alert(errorMessage(d.t, e), 'error');
  }
}

export async function cancelPlanned(d: FlowDeps, subscriptionId: number): Promise<void> {
  try {
    await cancelFuture(subscriptionId);
    await d.client.invalidateQueries();
    d.alert(d.t('payments.message_future_cancelled'));
    d.close();
  } catch (e) {
    d.alert(errorMessage(d.t, e), 'error');
  }
}

export function useSubscriptionActions() {
  const d = useFlowDeps();

  const disable = useCallback(
    async (s: HeldSubscription) => {
      // Spec: disabling asks for confirmation after a parental check.
      if (needsPayPin({ pinCheckNeeded: await d.payPinNeeded(), lastSkipPaymentAtMs: lastSkipParentalAt(), nowMs: Date.now() })) {
        if (!(await d.askPayPin())) return;
      }
      d.open('confirm', { kind: 'disable_renew', subscriptionId: s.id, name: s.name, endAt: s.endAt } satisfies ConfirmData);
    },
    [d],
  );

  const enable = useCallback(
    async (s: HeldSubscription) => {
      try {
        const res = await d.protectedCall((code) => patchSubscription(s.id, { renew: true, parental_code: code }));
        if (res === PIN_CANCELLED) return;
        await d.client.invalidateQueries();
        d.alert(d.t('payments.message_renewal_enabled'));
      } catch (e) {
        d.alert(errorMessage(d.t, e), 'error');
      }
    },
    [d],
  );

  const changePeriod = useCallback((s: HeldSubscription) => d.open('subscription', { subscriptionId: s.id, packetId: s.packetId, name: s.name }), [d]);

  const cancelFutureOne = useCallback(
    (s: HeldSubscription) => d.open('confirm', { kind: 'cancel_future', subscriptionId: s.id, name: s.name } satisfies ConfirmData),
    [d],
  );

  return useMemo(() => ({ disable, enable, changePeriod, cancelFuture: cancelFutureOne }), [disable, enable, changePeriod, cancelFutureOne]);
}
