export function SubscriptionsSection() { return null; }
export function PaymentSection() { return null; }
export function BalanceLine() { return null; }
