import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type AvatarCategory, type Profile, type ProfileRole } from '@/shared/api';
import { CACHE_MS } from '@/shared/lib/constants';

export const profileKeys = {
  all: ['profiles'] as const,
  list: (token: string | null) => [...profileKeys.all, 'list', token] as const,
  avatars: (lng: string) => [...profileKeys.all, 'avatars', lng] as const,
};

export const profilesQuery = (token: string | null) =>
  queryOptions({
    queryKey: profileKeys.list(token),
    queryFn: ({ signal }) => apiFetch<Profile[]>('/users/self/profiles', { signal }),
    enabled: token !== null,
    staleTime: CACHE_MS.default,
  });

/** GET /profiles/avatar_categories: titles come in the request's language. */
export const avatarCategoriesQuery = (lng: string) =>
  queryOptions({
    queryKey: profileKeys.avatars(lng),
    queryFn: ({ signal }) => apiFetch<AvatarCategory[]>('/profiles/avatar_categories', { auth: false, signal }),
    staleTime: CACHE_MS.lists,
  });

export function switchProfile(profileId: number, code?: string): Promise<Profile> {
  return apiFetch<Profile>('/users/self/profile', { method: 'POST', body: code ? { profile_id: profileId, parental_code: code } : { profile_id: profileId } });
}

/** The server picks a random avatar for a new profile. */
/** `code`: the PIN, when the server asks for it (an adult profile made from a child one). */
export function createProfile(name: string, role: ProfileRole, code?: string): Promise<Profile> {
  return apiFetch<Profile>('/users/self/profiles', { method: 'POST', body: { name, role, parental_code: code } });
}

export interface ProfileChange {
  name?: string;
  role?: ProfileRole;
  icon_avatar_id?: number;
}

export function patchProfile(id: number, change: ProfileChange, code?: string): Promise<Profile> {
  return apiFetch<Profile>(`/users/self/profiles/${id}`, { method: 'PATCH', body: code ? { ...change, parental_code: code } : change });
}

export function deleteProfile(id: number, code?: string): Promise<void> {
  return apiFetch<void>(`/users/self/profiles/${id}`, { method: 'DELETE', body: code ? { parental_code: code } : undefined });
}
