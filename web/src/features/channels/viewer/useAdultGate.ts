import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceKeys, needsPinCheck, passStore, useAskPin } from '@/features/parental';
import { apiFetch, useCurrentUser, type Device } from '@/shared/api';
import { useStore } from '@/shared/lib/createStore';
import { useSession } from '@/shared/session';

export type AdultGate = 'open' | 'asking' | 'refused';

/**
 * Spec 4 "Channel opening": an adult channel asks for the PIN first (unless a pass is
 * still valid or the device does not protect channels). `adult` null while unknown.
 */
export function useAdultGate(channelId: number | null, adult: boolean | null): { gate: AdultGate; ask(): void } {
  const { token, deviceId, isLogged } = useSession();
  const user = useCurrentUser().data;
  const pass = useStore(passStore);
  const device = useQuery({
    queryKey: deviceKeys.one(deviceId, token),
    queryFn: ({ signal }) => apiFetch<Device>(`/users/self/devices/${deviceId}`, { signal }),
    enabled: deviceId !== null && token !== null && isLogged && adult === true,
    staleTime: 3_000,
  });
  const askPin = useAskPin();
  const [granted, setGranted] = useState<number | null>(null);
  const [refused, setRefused] = useState<number | null>(null);
  const asking = useRef<number | null>(null);

  const needs =
    adult === true &&
    granted !== channelId &&
    needsPinCheck('channel', {
      status: user?.parental_status,
      isLogged,
      settings: device.data?.parental_settings ?? null,
      nowMs: Date.now(),
      passUntilMs: pass.passUntilMs,
      shortPassUntilMs: pass.shortPassUntilMs,
    });
  const known = adult === false || (adult === true && (!isLogged || (user !== undefined && !device.isLoading)));

  const ask = useCallback(() => {
    if (channelId === null || asking.current === channelId) return;
    asking.current = channelId;
    setRefused(null);
    void askPin({ action: 'channel' }).then((ok) => {
      asking.current = null;
      if (ok) setGranted(channelId);
      else setRefused(channelId);
    });
  }, [askPin, channelId]);

  useEffect(() => {
    if (known && needs && refused !== channelId) ask();
  }, [known, needs, refused, channelId, ask]);

  if (!known) return { gate: 'asking', ask };
  if (!needs) return { gate: 'open', ask };
  return { gate: refused === channelId ? 'refused' : 'asking', ask };
}
