import type { HashModalProps } from '@/shared/lib/modalNavigation';
export function PacketsPage() { return null; }
export function PacketPage() { return null; }
export function ProviderLandingPage() { return null; }
export function QuickPacketsModal(_: HashModalProps) { return null; }
export function PacketsChannelsModal(_: HashModalProps) { return null; }
