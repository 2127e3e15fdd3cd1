import { usePinGate, type PinGate } from '@/features/parental';

export type AdultGate = PinGate;

/**
 * Spec 4 "Channel opening": an adult channel asks for the PIN first (unless a pass is
 * still valid or the device does not protect channels). `adult` null while unknown.
 */
export function useAdultGate(channelId: number | null, adult: boolean | null): { gate: AdultGate; ask(): void } {
  return usePinGate('channel', channelId, adult);
}
