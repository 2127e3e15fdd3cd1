import { useQuery } from '@tanstack/react-query';
import type { PlayerSource } from '@/features/player';
import { useSession } from '@/shared/session';
import { fetchTrailerStream } from './api';

/**
 * The stream of a muted trailer preview (the content hero, promo-bg banners): asked for only
 * while `wanted`, so a page that never shows the preview never signs a stream. Null until
 * the stream is known, and whenever it is not wanted.
 */
export function useTrailerPreview(trailerId: number | null | undefined, wanted: boolean, title?: string): PlayerSource | null {
  const { token } = useSession();
  const on = wanted && trailerId != null;
  const stream = useQuery({
    queryKey: ['trailers', 'stream', trailerId, token],
    queryFn: ({ signal }) => fetchTrailerStream(trailerId ?? 0, { signal }),
    enabled: on && token !== null,
    staleTime: 60_000,
    retry: false,
  });
  const url = stream.data?.hls || stream.data?.data?.hls || '';
  return on && url ? { url, kind: 'trailer', title } : null;
}
