import { queryOptions } from '@tanstack/react-query';
import { deviceKeys } from '@/features/parental';
import { apiFetch, type Account, type Device, type User } from '@/shared/api';
import { CACHE_MS } from '@/shared/lib/constants';

export const accountKeys = {
  all: ['accounts'] as const,
  list: (token: string | null) => [...accountKeys.all, token] as const,
};

export const accountsQuery = (token: string | null) =>
  queryOptions({
    queryKey: accountKeys.list(token),
    queryFn: ({ signal }) => apiFetch<Account[]>('/users/self/accounts', { signal }),
    enabled: token !== null,
    staleTime: CACHE_MS.default,
  });

export const devicesQuery = (token: string | null) =>
  queryOptions({
    queryKey: deviceKeys.list(token),
    queryFn: ({ signal }) => apiFetch<Device[]>('/users/self/devices', { signal }),
    enabled: token !== null,
    staleTime: CACHE_MS.default,
  });

export function removeDevice(id: number): Promise<void> {
  return apiFetch<void>(`/users/self/devices/${id}`, { method: 'DELETE' });
}

export interface UserChange {
  first_name?: string;
  email?: string;
  settings?: { language?: string; audio_languages?: string[]; text_languages?: string[] };
}

export function patchUser(change: UserChange): Promise<User> {
  return apiFetch<User>('/users/self', { method: 'PATCH', body: change });
}
