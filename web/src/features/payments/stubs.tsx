import type { HashModalProps } from '@/shared/lib/modalNavigation';
export function PaysystemsModal(_: HashModalProps) { return null; }
export function RefillModal(_: HashModalProps) { return null; }
export function ConfirmModal(_: HashModalProps) { return null; }
export function ConfirmPeriodModal(_: HashModalProps) { return null; }
export function PayCardModal(_: HashModalProps) { return null; }
export function CardModal(_: HashModalProps) { return null; }
export function PayRedirectModal(_: HashModalProps) { return null; }
export function PayIframeModal(_: HashModalProps) { return null; }
export function PayPhoneSmsModal(_: HashModalProps) { return null; }
export function PayQrModal(_: HashModalProps) { return null; }
export function PayTransactionModal(_: HashModalProps) { return null; }
export function SubscriptionModal(_: HashModalProps) { return null; }
export function NofundsModal(_: HashModalProps) { return null; }
