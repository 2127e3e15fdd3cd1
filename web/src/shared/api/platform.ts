import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { CACHE_MS } from '../lib/constants';
import { apiFetch } from './client';
import type { NetworkInfo, PlatformConfiguration, PlatformResources } from './types';

// Platform data every screen reads (spec 7 "Platform and network"); no token needed.

export const platformKeys = {
  all: ['platform'] as const,
  network: () => [...platformKeys.all, 'network'] as const,
  configuration: () => [...platformKeys.all, 'configuration'] as const,
  resources: () => [...platformKeys.all, 'resources'] as const,
};

export const networkQuery = () =>
  queryOptions({
    queryKey: platformKeys.network(),
    queryFn: ({ signal }) => apiFetch<NetworkInfo>('/users/self/network', { auth: false, signal }),
    staleTime: CACHE_MS.lists,
  });

export const DEFAULT_CONFIGURATION: PlatformConfiguration = {
  catchup_blackout_safe_area: 0,
  catchup_blackout_mattress_url: '',
  catchup_blackout_mattress_screenshot_url: '',
  min_search_chars: 1,
  bouncing_interval: 1000,
  parental_durations: [1, 5, 15, 30, 60, 120],
  promocodes_enabled: false,
  payment_enabled: false,
  iframe_payment_enabled: false,
  token_lifetime: 43200,
};

export const configurationQuery = () =>
  queryOptions({
    queryKey: platformKeys.configuration(),
    queryFn: ({ signal }) => apiFetch<PlatformConfiguration>('/platform/configuration', { auth: false, signal }),
    staleTime: CACHE_MS.configuration,
  });

export const resourcesQuery = () =>
  queryOptions({
    queryKey: platformKeys.resources(),
    queryFn: ({ signal }) => apiFetch<PlatformResources>('/platform/resources', { auth: false, signal }),
    staleTime: CACHE_MS.resources,
  });

/**
 * After a sign-in or a profile switch: read the viewer's data again, but keep the platform's
 * (answered by address, not by token). Dropping the configuration would turn its switches
 * (promo codes, payments) off for a moment and remount every page they gate.
 */
export function resetViewerQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== platformKeys.all[0] });
}
