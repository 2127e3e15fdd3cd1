import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/shared/api';
import type { components } from '@/shared/api/schema';
import { useSession } from '@/shared/session';

// The favourite lists of /my (GET /v2/users/self/favorites/contents and /persons). Keys
// start with 'favorites' so a favourite toggle anywhere refreshes them; never cached
// (spec 9: my pages are not cached).

type S = components['schemas'];
export type FavoriteContent = S['CatalogContent'];
export type FavoritePerson = S['CatalogPerson'];

export const MY_LIMIT = 100;

export const myKeys = {
  contents: (token: string | null) => ['favorites', 'contents', token] as const,
  persons: (token: string | null) => ['favorites', 'persons', token] as const,
};

export function useFavoriteContents() {
  const { token, isLogged } = useSession();
  return useQuery({
    queryKey: myKeys.contents(token),
    queryFn: ({ signal }) => apiFetch<FavoriteContent[]>('/users/self/favorites/contents', { query: { limit: MY_LIMIT }, signal }),
    enabled: token !== null && isLogged,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useFavoritePersons() {
  const { token, isLogged } = useSession();
  return useQuery({
    queryKey: myKeys.persons(token),
    queryFn: ({ signal }) => apiFetch<FavoritePerson[]>('/users/self/favorites/persons', { query: { limit: MY_LIMIT }, signal }),
    enabled: token !== null && isLogged,
    staleTime: 0,
    gcTime: 0,
  });
}
