import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/api/errors';
import { consoleFetch } from '../api/client';
import type { PermissionName, StaffSession } from '../api/types';

// The staff session as the console knows it: GET /me, kept in the query cache under one
// key. null means signed out (the server answered 401); the CSRF token of every change is
// read from here, so there is one copy of it.

export const consoleKeys = {
  all: ['operator'] as const,
  me: ['operator', 'me'] as const,
};

export const sessionQuery = () =>
  queryOptions({
    queryKey: consoleKeys.me,
    queryFn: async ({ signal }): Promise<StaffSession | null> => {
      try {
        return await consoleFetch<StaffSession>('/me', { signal });
      } catch (e) {
        if (isApiError(e) && e.status === 401) return null;
        throw e;
      }
    },
    staleTime: 60_000,
  });

export function csrfToken(client: QueryClient): string | null {
  return client.getQueryData<StaffSession | null>(consoleKeys.me)?.csrf_token ?? null;
}

/** Reads the session again (after a CSRF refusal) and answers its token. */
export async function refreshCsrfToken(client: QueryClient): Promise<string | null> {
  const session = await client.fetchQuery({ ...sessionQuery(), staleTime: 0 });
  return session?.csrf_token ?? null;
}

/**
 * Keeps a session the server just answered (sign-in, operator switch). Everything else in
 * the cache belonged to the previous session or operator and is dropped.
 */
export function applySession(client: QueryClient, session: StaffSession | null): void {
  client.removeQueries({ predicate: (q) => q.queryKey[0] === 'operator' && q.queryKey[1] !== 'me' });
  client.setQueryData(consoleKeys.me, session);
}

export function can(session: Pick<StaffSession, 'permissions'>, permission: PermissionName): boolean {
  return session.permissions.includes(permission);
}

/** A platform administrator belongs to no operator and may work on any of them. */
export function isPlatformAdmin(session: StaffSession): boolean {
  return session.staff.provider_id === null;
}
