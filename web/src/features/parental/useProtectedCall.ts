import { useCallback } from 'react';
import { isApiError } from '@/shared/api';
import type { PinAction } from './pin';
import { useAskPin } from './useAskPin';

export const PIN_CANCELLED = Symbol('pin-cancelled');

/**
 * Runs a call the server may protect with the PIN: first without a code; when the server
 * answers 403 parental_code_required, #pincode opens and the call is retried with the
 * entered PIN until it is right or the viewer closes the modal (then PIN_CANCELLED).
 */
export function useProtectedCall() {
  const askPin = useAskPin();
  return useCallback(
    async <T,>(action: PinAction, call: (code?: string) => Promise<T>): Promise<T | typeof PIN_CANCELLED> => {
      try {
        return await call();
      } catch (e) {
        if (!isApiError(e) || e.type !== 'parental_code_required') throw e;
      }
      let result: T | undefined;
      const ok = await askPin({
        action,
        attempt: async (code) => {
          result = await call(code);
        },
      });
      return ok ? (result as T) : PIN_CANCELLED;
    },
    [askPin],
  );
}
