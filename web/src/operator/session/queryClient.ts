import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/api/errors';
import { configureConsoleApi } from '../api/client';
import { consoleKeys, csrfToken, refreshCsrfToken } from './session';

/**
 * Meta flag of the sign-in and second-factor calls: their 401 is a wrong password or code,
 * not an ended session.
 */
export const KEEPS_SESSION = 'keepsSession';
export const keepsSession = { [KEEPS_SESSION]: true } as const;

/**
 * The console's server-state cache. A 401 from any call means the session ended (idle,
 * blocked, signed out elsewhere): the session becomes null and the guard sends the staff
 * member to the sign-in page. Client errors are not retried.
 */
export function createConsoleQueryClient(): QueryClient {
  const onError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (meta?.[KEEPS_SESSION]) return;
    if (isApiError(error) && error.status === 401 && client.getQueryData(consoleKeys.me)) {
      client.setQueryData(consoleKeys.me, null);
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 1,
      },
    },
  });
  return client;
}

/** Wires the fetch wrapper to this cache (CSRF token) and to the interface language. */
export function connectConsoleApi(client: QueryClient, getLanguage: () => string): void {
  configureConsoleApi({
    getLanguage,
    getCsrfToken: () => csrfToken(client),
    refreshCsrfToken: () => refreshCsrfToken(client),
  });
}
