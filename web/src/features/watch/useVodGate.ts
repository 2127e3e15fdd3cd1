import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceKeys, needsPinCheck, passStore, useAskPin } from '@/features/parental';
import { apiFetch, useCurrentUser, type Device } from '@/shared/api';
import { useStore } from '@/shared/lib/createStore';
import { useSession } from '@/shared/session';

export type VodGate = 'open' | 'asking' | 'refused';

/**
 * Spec 4 "Content page and play flow" 3 and 5: a content above the age limit asks for the
 * parental PIN (action vod) before its stream is requested, unless a pass is still valid
 * or the device does not protect films. `restricted` null while the content is unknown.
 * The same shape as the channels' adult gate.
 */
export function useVodGate(contentId: number | null, restricted: boolean | null): { gate: VodGate; ask(): void } {
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
    granted !== contentId &&
    needsPinCheck('vod', {
      status: user?.parental_status,
      isLogged,
      settings: device.data?.parental_settings ?? null,
      nowMs: Date.now(),
      passUntilMs: pass.passUntilMs,
      shortPassUntilMs: pass.shortPassUntilMs,
    });
  const known = restricted === false || (restricted === true && (!isLogged || (user !== undefined && !device.isLoading)));

  const ask = useCallback(() => {
    if (contentId === null || asking.current === contentId) return;
    asking.current = contentId;
    setRefused(null);
    void askPin({ action: 'vod' }).then((ok) => {
      asking.current = null;
      if (ok) setGranted(contentId);
      else setRefused(contentId);
    });
  }, [askPin, contentId]);

  useEffect(() => {
    if (known && needs && refused !== contentId) ask();
  }, [known, needs, refused, contentId, ask]);

  if (!known) return { gate: 'asking', ask };
  if (!needs) return { gate: 'open', ask };
  return { gate: refused === contentId ? 'refused' : 'asking', ask };
}
