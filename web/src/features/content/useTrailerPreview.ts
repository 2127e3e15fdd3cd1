import type { PlayerSource } from '@/features/player';
import { trailerUrl, useTrailerStream } from '@/shared/api';

/**
 * The source of a muted trailer preview (the content hero): the stream is asked for only
 * while `wanted`. Null until the stream is known, and whenever it is not wanted.
 */
export function useTrailerPreview(trailerId: number | null | undefined, wanted: boolean, title?: string): PlayerSource | null {
  const stream = useTrailerStream(trailerId, wanted);
  const url = trailerUrl(stream.data);
  return wanted && trailerId != null && url ? { url, kind: 'trailer', title } : null;
}
