import { useCallback } from 'react';
import type { PinAction } from './pin';
import { isPinRequired } from './usePinRetry';
import { useAskPin } from './useAskPin';
import { PIN_CANCELLED } from './useProtectedCall';

/**
 * Runs a call the server protects with the PIN's pass (no code field of its own, such as
 * the account's name and e-mail): first as it is; when the server answers 403
 * parental_code_required, #pincode checks the PIN for `action` (which grants this device's
 * token the pass) and the call runs again. PIN_CANCELLED when the viewer closes the modal.
 */
export function usePinPassCall() {
  const askPin = useAskPin();
  return useCallback(
    async <T,>(action: PinAction, call: () => Promise<T>): Promise<T | typeof PIN_CANCELLED> => {
      try {
        return await call();
      } catch (e) {
        if (!isPinRequired(e)) throw e;
      }
      if (!(await askPin({ action }))) return PIN_CANCELLED;
      return call();
    },
    [askPin],
  );
}
