import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch, useCurrentUser, type Device } from '@/shared/api';
import { useStore } from '@/shared/lib/createStore';
import { useSession } from '@/shared/session';
import { deviceKeys } from './api';
import { passStore } from './passStore';
import { needsPinCheck, type PinAction } from './pin';
import { useAskPin } from './useAskPin';

export type PinGate = 'open' | 'asking' | 'refused';

/**
 * Asks for the parental PIN before something protected opens (an adult channel, a film
 * above the age limit), once per item: unless a pass is still valid or the device's
 * parental settings do not protect this action. `restricted` is null while the item is
 * unknown; the gate stays 'asking' until the user and device settings are known.
 */
export function usePinGate(action: PinAction, itemId: number | null, restricted: boolean | null): { gate: PinGate; ask(): void } {
  const { token, deviceId, isLogged } = useSession();
  const user = useCurrentUser().data;
  const pass = useStore(passStore);
  const device = useQuery({
    queryKey: deviceKeys.one(deviceId, token),
    queryFn: ({ signal }) => apiFetch<Device>(`/users/self/devices/${deviceId}`, { signal }),
    enabled: deviceId !== null && token !== null && isLogged && restricted === true,
    staleTime: 3_000,
  });
  const askPin = useAskPin();
  const [granted, setGranted] = useState<number | null>(null);
  const [refused, setRefused] = useState<number | null>(null);
  const asking = useRef<number | null>(null);

  const needs =
    restricted === true &&
    granted !== itemId &&
    needsPinCheck(action, {
      status: user?.parental_status,
      isLogged,
      settings: device.data?.parental_settings ?? null,
      nowMs: Date.now(),
      passUntilMs: pass.passUntilMs,
      shortPassUntilMs: pass.shortPassUntilMs,
    });
  const known = restricted === false || (restricted === true && (!isLogged || (user !== undefined && !device.isLoading)));

  const ask = useCallback(() => {
    if (itemId === null || asking.current === itemId) return;
    asking.current = itemId;
    setRefused(null);
    void askPin({ action }).then((ok) => {
      asking.current = null;
      if (ok) setGranted(itemId);
      else setRefused(itemId);
    });
  }, [askPin, action, itemId]);

  useEffect(() => {
    if (known && needs && refused !== itemId) ask();
  }, [known, needs, refused, itemId, ask]);

  if (!known) return { gate: 'asking', ask };
  if (!needs) return { gate: 'open', ask };
  return { gate: refused === itemId ? 'refused' : 'asking', ask };
}
