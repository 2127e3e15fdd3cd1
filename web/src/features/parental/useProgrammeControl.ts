import { useQuery } from '@tanstack/react-query';
import { apiFetch, useCurrentUser, type Device } from '@/shared/api';
import { useSession } from '@/shared/session';
import { deviceKeys } from './api';
import { isPinOffered } from './pin';

/**
 * Parental programme control (spec "Channel opening"): a PIN is set and this device protects
 * programmes, so a channel whose programme on air is 18+ counts as adult.
 */
export function useProgrammeControl(): boolean {
  const { token, deviceId, isLogged } = useSession();
  const user = useCurrentUser().data;
  const offered = isPinOffered(user?.parental_status, isLogged);
  const device = useQuery({
    queryKey: deviceKeys.one(deviceId, token),
    queryFn: ({ signal }) => apiFetch<Device>(`/users/self/devices/${deviceId}`, { signal }),
    enabled: offered && deviceId !== null && token !== null,
    staleTime: 3_000,
  });
  return offered && device.data?.parental_settings?.program === true;
}
