// The viewer's money and subscriptions in the settings area: balance and refill,
// subscriptions with their buttons, futures, linked cards, transactions.
export { SubscriptionsSection } from './SubscriptionsSection';
export { PaymentSection } from './PaymentSection';
export { BalanceLine } from './BalanceLine';
export { AccountMobilePage } from './AccountMobilePage';
