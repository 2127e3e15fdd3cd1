import { useCallback, useEffect, useRef } from 'react';
import { isApiError } from '@/shared/api';
import type { PinAction } from './pin';
import { useAskPin } from './useAskPin';

/** The server's answer to a protected call made without the PIN's proof. */
export function isPinRequired(error: unknown): boolean {
  return isApiError(error) && error.type === 'parental_code_required';
}

/**
 * The server enforces the PIN too: a stream asked for without a valid pass answers 403
 * parental_code_required (a reload forgot the client's pass, a programme is 18+ where the
 * channel is not, an embed outside a frame). Then #pincode opens once for that error and,
 * after a right PIN (which grants the token a pass), `retry` runs. `required` tells whether
 * the current error is that one, so the caller shows it as a PIN prompt, not as a failure;
 * `ask` opens #pincode again after the viewer closed it.
 */
export function usePinRetry(error: unknown, action: PinAction, retry: () => void): { required: boolean; ask(): void } {
  const askPin = useAskPin();
  const asked = useRef<unknown>(null);
  const required = isPinRequired(error);
  const ask = useCallback(() => {
    void askPin({ action }).then((ok) => {
      if (ok) retry();
    });
  }, [askPin, action, retry]);
  useEffect(() => {
    if (!required || asked.current === error) return;
    asked.current = error;
    ask();
  }, [required, error, ask]);
  return { required, ask };
}
