import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type Device, type ParentalSettings } from '@/shared/api';

export const deviceKeys = {
  all: ['devices'] as const,
  list: (token: string | null) => [...deviceKeys.all, 'list', token] as const,
  one: (id: number | null, token: string | null) => [...deviceKeys.all, 'one', id, token] as const,
};

/** GET /users/self/devices/{id}: the current device with its parental settings. */
export const deviceQuery = (id: number | null, token: string | null) =>
  queryOptions({
    queryKey: deviceKeys.one(id, token),
    queryFn: ({ signal }) => apiFetch<Device>(`/users/self/devices/${id}`, { signal }),
    enabled: id !== null && token !== null,
    staleTime: 3_000,
  });

/** PATCH /users/self/devices/{id} {parental_settings[, parental_code]}. */
export function saveParentalSettings(id: number, settings: ParentalSettings, code?: string): Promise<Device> {
  const body: Record<string, unknown> = { parental_settings: settings };
  if (code) body.parental_code = code;
  return apiFetch<Device>(`/users/self/devices/${id}`, { method: 'PATCH', body });
}

export function sendPinBySms(): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/users/self/parental_code/send', { method: 'POST' });
}
