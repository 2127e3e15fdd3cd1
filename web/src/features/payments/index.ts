// Payments (spec 4 "Purchase flow", "Transaction"): the purchase flow and its hash modals.
export {
  PaysystemsModal, RefillModal, ConfirmModal, ConfirmPeriodModal, PayCardModal, CardModal, PayRedirectModal,
  PayIframeModal, PayPhoneSmsModal, PayQrModal, PayTransactionModal, SubscriptionModal, NofundsModal,
} from './stubs';
