import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { resetViewerQueries, type TokenResponse } from '@/shared/api';
import { completeLogin } from '@/shared/session';

/**
 * Every sign-in ends here (spec 4 "Phone login" step 4): register the device,
 * authenticate it, mark the session logged in, drop what was cached for the guest and
 * hand over to the modal (which closes and returns where the viewer was).
 */
export function useFinishLogin(onLoggedIn: () => void) {
  const queryClient = useQueryClient();
  return useCallback(
    async (token: TokenResponse) => {
      await completeLogin(token);
      await resetViewerQueries(queryClient);
      onLoggedIn();
    },
    [queryClient, onLoggedIn],
  );
}
