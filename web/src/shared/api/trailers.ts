import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session/sessionStore';
import { apiFetch } from './client';
import type { components } from './schema';

// A trailer's signed stream, shared by the screens that play trailers: the content page's
// hero, the promo banners of rows and the trailer page. One query key, so a trailer the
// banner signed plays at once on its page.

export type TrailerStream = components['schemas']['CatalogStream'];

export const fetchTrailerStream = (trailerId: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch<TrailerStream>(`/trailers/${trailerId}/stream`, { signal });

/** The playlist of a trailer answer (hls, or data.hls as the spec reads it); '' when none. */
export const trailerUrl = (s: TrailerStream | undefined): string => s?.hls || s?.data?.hls || '';

/**
 * The trailer's stream, asked for only while `enabled` (and a session exists): a page that
 * never shows the trailer never signs a stream.
 */
export function useTrailerStream(trailerId: number | null | undefined, enabled: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: ['trailers', 'stream', trailerId, token],
    queryFn: ({ signal }) => fetchTrailerStream(trailerId ?? 0, { signal }),
    enabled: enabled && trailerId != null && token !== null,
    staleTime: 60_000,
    retry: false,
  });
}
