import { queryOptions } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/shared/api';
import type { InstallDevice, InstallGuide } from './devices';

// GET /v2/install/devices and /v2/install/devices/{device}: the operator's instructions
// (its own texts, else the built-in ones) as HTML the server made safe.

export const installKeys = {
  all: ['install'] as const,
  guides: (lang: string) => [...installKeys.all, 'guides', lang] as const,
  guide: (device: string, lang: string) => [...installKeys.all, 'guide', device, lang] as const,
};

const missing = (e: unknown) => isApiError(e) && e.status === 404;
const retry = (count: number, e: unknown) => !missing(e) && count < 2;

export const guidesQuery = (lang: string) =>
  queryOptions({
    queryKey: installKeys.guides(lang),
    queryFn: ({ signal }) => apiFetch<InstallGuide[]>('/install/devices', { auth: false, signal }),
    staleTime: 60_000,
    retry,
  });

export const guideQuery = (device: InstallDevice, lang: string) =>
  queryOptions({
    queryKey: installKeys.guide(device, lang),
    queryFn: ({ signal }) => apiFetch<InstallGuide>(`/install/devices/${device}`, { auth: false, signal }),
    staleTime: 60_000,
    retry,
  });

export { missing as isMissingGuide };
