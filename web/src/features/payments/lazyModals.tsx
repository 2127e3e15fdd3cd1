import { lazy, Suspense, type ComponentType } from 'react';
import type { HashModalProps } from '@/shared/lib/modalNavigation';

// Each payment modal loads when it first opens: the screens that start purchases load this
// area for usePurchase and need none of them until then. A wrapper component (not a lazy
// one) keeps the modal host's own lazy import of this area resolving to a component.

function deferred(load: () => Promise<ComponentType<HashModalProps>>): ComponentType<HashModalProps> {
  const Inner = lazy(() => load().then((c) => ({ default: c })));
  return function DeferredModal(props: HashModalProps) {
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  };
}

export const PaysystemsModal = deferred(() => import('./modals/PaysystemsModal').then((m) => m.PaysystemsModal));
export const RefillModal = deferred(() => import('./modals/RefillModal').then((m) => m.RefillModal));
export const ConfirmModal = deferred(() => import('./modals/ConfirmModal').then((m) => m.ConfirmModal));
export const ConfirmPeriodModal = deferred(() => import('./modals/ConfirmPeriodModal').then((m) => m.ConfirmPeriodModal));
export const PayCardModal = deferred(() => import('./modals/PayCardModal').then((m) => m.PayCardModal));
export const CardModal = deferred(() => import('./modals/CardModal').then((m) => m.CardModal));
export const PayRedirectModal = deferred(() => import('./modals/PayRedirectModal').then((m) => m.PayRedirectModal));
export const PayIframeModal = deferred(() => import('./modals/PayIframeModal').then((m) => m.PayIframeModal));
export const PayPhoneSmsModal = deferred(() => import('./modals/PayPhoneSmsModal').then((m) => m.PayPhoneSmsModal));
export const PayQrModal = deferred(() => import('./modals/PayQrModal').then((m) => m.PayQrModal));
export const PayQrAlmaModal = deferred(() => import('./modals/PayQrAlmaModal').then((m) => m.PayQrAlmaModal));
export const PayTransactionModal = deferred(() => import('./modals/PayTransactionModal').then((m) => m.PayTransactionModal));
export const SubscriptionModal = deferred(() => import('./modals/SubscriptionModal').then((m) => m.SubscriptionModal));
export const NofundsModal = deferred(() => import('./modals/NofundsModal').then((m) => m.NofundsModal));
