import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type ProviderInfo } from '@/shared/api';
import { CACHE_MS } from '@/shared/lib/constants';

// The packets area's own call: an operator's public card for its landing page. Packets,
// periods and subscriptions are read through the payments area's queries.

export const providerKeys = {
  all: ['providers'] as const,
  info: (idOrShortname: string) => [...providerKeys.all, 'info', idOrShortname] as const,
};

export const providerInfoQuery = (idOrShortname: string) =>
  queryOptions({
    queryKey: providerKeys.info(idOrShortname),
    queryFn: ({ signal }) => apiFetch<ProviderInfo>(`/providers/${encodeURIComponent(idOrShortname)}/info`, { auth: false, signal }),
    staleTime: CACHE_MS.lists,
    retry: (failures, error) => (error as { status?: number }).status !== 404 && failures < 2,
  });
