import type { HashModalProps } from '@/shared/lib/modalNavigation';
export function PromoPage() { return null; }
export function GiftPage() { return null; }
export function PromocodeModal(_: HashModalProps) { return null; }
export function PromocodeNewModal(_: HashModalProps) { return null; }
