import { useQuery } from '@tanstack/react-query';
import { parseThumbnailIndex, type ThumbnailCue } from './thumbnails';

/**
 * The cues of a stream's thumbnail index, loaded once the viewer first points at the scrub
 * bar (`wanted`), and kept while the stream plays. The index's address is signed like the
 * stream, so it is fetched without the viewer's token.
 */
export function useThumbnails(url: string | undefined, wanted: boolean): ThumbnailCue[] | null {
  const q = useQuery({
    queryKey: ['player', 'thumbnails', url],
    enabled: Boolean(url) && wanted,
    staleTime: Infinity,
    retry: 1,
    queryFn: async ({ signal }) => {
      const res = await fetch(url!, { signal });
      if (!res.ok) throw new Error(`thumbnails: ${res.status}`);
      return parseThumbnailIndex(await res.text(), new URL(url!, location.href).href);
    },
  });
  return q.data ?? null;
}
