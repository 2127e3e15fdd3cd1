import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearPass, PIN_CANCELLED, useProtectedCall } from '@/features/parental';
import { resetViewerQueries, type Profile } from '@/shared/api';
import { setProfile } from '@/shared/session';
import { switchProfile } from './api';
import { rememberChannelCategory } from './channelCategory';

/**
 * Switches this device to a profile (spec 4 "Profiles"): a child profile directly, an
 * adult one through the PIN when the server asks for it (403 parental_code_required).
 * Afterwards every cached query except platform data is reset, so rows, channels and
 * user data load again for the new profile. Resolves false when the PIN was cancelled.
 */
export function useProfileSwitch() {
  const queryClient = useQueryClient();
  const protectedCall = useProtectedCall();
  return useCallback(
    async (target: Profile): Promise<boolean> => {
      const result = await protectedCall('profile', (code) => switchProfile(target.id, code));
      if (result === PIN_CANCELLED) return false;
      setProfile(result);
      // The server ends the PIN pass when a child profile becomes active.
      if (result.role === 'child') clearPass();
      rememberChannelCategory(result.role);
      await resetViewerQueries(queryClient);
      return true;
    },
    [protectedCall, queryClient],
  );
}
