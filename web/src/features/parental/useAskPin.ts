import { useCallback } from 'react';
import { useModalNavigation } from '@/shared/lib/modalNavigation';
import { addPinRequest, type PinRequest, type PincodeModalData } from './pinRequests';

/**
 * Opens #pincode for a protected action. Resolves true once the PIN was right and the
 * attempt succeeded, false when the viewer closed the modal.
 */
export function useAskPin(): (request: PinRequest) => Promise<boolean> {
  const { open } = useModalNavigation();
  return useCallback(
    (request: PinRequest) =>
      new Promise<boolean>((resolve) => {
        const requestId = addPinRequest(request, resolve);
        const data: PincodeModalData = { requestId, action: request.action };
        open('pincode', data);
      }),
    [open],
  );
}
