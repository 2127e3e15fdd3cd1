import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/sessionStore';
import { apiFetch } from './client';
import { DEFAULT_CONFIGURATION, configurationQuery, networkQuery, resourcesQuery } from './platform';
import type { SupportContacts, User } from './types';

export const useNetwork = () => useQuery(networkQuery());

export function useConfiguration() {
  const q = useQuery(configurationQuery());
  return q.data ?? DEFAULT_CONFIGURATION;
}

export const useResources = () => useQuery(resourcesQuery());

/** The operator's brand name, or the product's own while resources are unknown. */
export function useBrandName(): string {
  const { t } = useTranslation();
  return useResources().data?.brand_name || t('app.brand');
}

/** Support contacts: the provider's from network data, else the platform's. */
export function useSupportContacts(): SupportContacts | null {
  const network = useNetwork().data;
  const resources = useResources().data;
  const fromProvider = network?.provider?.support;
  if (fromProvider && (fromProvider.phone || fromProvider.email || fromProvider.url)) return fromProvider;
  return resources?.support ?? null;
}

export const userKeys = {
  all: ['user'] as const,
  self: (token: string | null) => [...userKeys.all, 'self', token] as const,
};

/** GET /users/self for the current token (guest or logged in). */
export function useCurrentUser() {
  const { token } = useSession();
  return useQuery({
    queryKey: userKeys.self(token),
    queryFn: ({ signal }) => apiFetch<User>('/users/self', { signal }),
    enabled: token !== null,
    staleTime: 3_000,
  });
}
