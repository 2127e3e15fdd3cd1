import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/api';
import { CACHE_MS } from '@/shared/lib/constants';

/** Server-state cache: 3 s default life (spec 9); client errors are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_MS.default,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
    },
  });
}
