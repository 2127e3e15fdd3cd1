import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/shared/api';
import { useSession } from '@/shared/session';
import { fetchPerson } from './api';

// The person query; the key starts with 'persons' so a favourite toggle refreshes it.
export const personKeys = {
  all: ['persons'] as const,
  one: (idOrSlug: string, token: string | null) => [...personKeys.all, idOrSlug, token] as const,
};

export function usePerson(idOrSlug: string | undefined) {
  const { token } = useSession();
  return useQuery({
    queryKey: personKeys.one(idOrSlug ?? '', token),
    queryFn: ({ signal }) => fetchPerson(idOrSlug ?? '', { signal }),
    enabled: !!idOrSlug && token !== null,
    staleTime: 60_000,
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });
}
