// The viewer's money and subscriptions in the settings area: balance and refill,
// subscriptions with their buttons, futures, linked cards, transactions.
export { SubscriptionsSection, PaymentSection, BalanceLine } from './stubs';
