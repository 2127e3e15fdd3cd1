import { queryOptions } from '@tanstack/react-query';
import { consoleFetch } from '../api/client';
import type { OperatorRef, StaffSession } from '../api/types';

export const operatorKeys = {
  providers: ['operator', 'providers'] as const,
};

export const providersQuery = () =>
  queryOptions({
    queryKey: operatorKeys.providers,
    queryFn: ({ signal }) => consoleFetch<OperatorRef[]>('/providers', { signal }),
    staleTime: 5 * 60_000,
  });

export const switchProvider = (providerId: number) =>
  consoleFetch<StaffSession>('/me/provider', { method: 'POST', body: { provider_id: providerId } });
