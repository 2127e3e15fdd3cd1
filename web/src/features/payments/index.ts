// Payments (spec 4 "Purchase flow", "Transaction", "User packet state and buttons"): the
// purchase flow as a small state machine (flow.ts over the pure rules in rules/), its hash
// modals, transaction polling and the commerce calls. Other areas start a purchase with
// usePurchase() and read packets, periods and money through the queries exported here.
export { usePurchase } from './usePurchase';
export type { BuyPacketOptions, Purchases } from './usePurchase';
export { useSubscriptionActions } from './subscriptionActions';
export type { HeldSubscription } from './subscriptionActions';
export {
  packetKeys,
  paymentKeys,
  packetsQuery,
  packetQuery,
  periodsQuery,
  accountsQuery,
  balanceQuery,
  cardsQuery,
  subscriptionsQuery,
  futuresQuery,
  offersQuery,
} from './api';
export type * from './types';
export { hasTrial, periodParts, periodFromDays, discountPercent, shownDiscount, chargeOf } from './rules/periods';
export { isBasePacket, isOwned } from './rules/purchase';
export { useMoney, usePeriodText, useDateText } from './useFormat';
export type { ConfirmData, QuickPacketsData, PayModalData } from './flow';
export type { SubscriptionModalData } from './modals/SubscriptionModal';
export type { CardModalData } from './modals/CardModal';
export type { PayQrAlmaData } from './modals/PayQrAlmaModal';

// The hash modals (the modal host loads this module lazily; each modal loads when it opens).
export {
  PaysystemsModal,
  RefillModal,
  ConfirmModal,
  ConfirmPeriodModal,
  PayCardModal,
  CardModal,
  PayRedirectModal,
  PayIframeModal,
  PayPhoneSmsModal,
  PayQrModal,
  PayQrAlmaModal,
  PayTransactionModal,
  SubscriptionModal,
  NofundsModal,
} from './lazyModals';
export { PeriodOptions } from './modals/PeriodOptions';
