import { usePinGate, type PinGate } from '@/features/parental';

export type VodGate = PinGate;

/**
 * Spec 4 "Content page and play flow" 3 and 5: a content above the age limit asks for the
 * parental PIN (action vod) before its stream is requested, unless a pass is still valid
 * or the device does not protect films. `restricted` null while the content is unknown.
 */
export function useVodGate(contentId: number | null, restricted: boolean | null): { gate: VodGate; ask(): void } {
  return usePinGate('vod', contentId, restricted);
}
