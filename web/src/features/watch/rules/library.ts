import { LIBRARY_PARAM } from '@/features/content';

// The library a content streams from (GET /v2/libraries/{lib}/contents/{id}/stream). The
// content page may name it in the watch address (?library_id=N) when the viewer chose one
// of the libraries that hold the content; that choice wins over meta's and the content's.

export interface LibraryChoice {
  /** The address's ?library_id (libraryIdOf). */
  param: number | null;
  /** meta.stream_using.library_id: where the viewer's access lets it play. */
  meta?: number | null;
  /** content.library_id: the content's own library. */
  content?: number | null;
}

/** The address's library, else meta's, else the content's; 0 when none is known (no stream call). */
export function pickLibraryId({ param, meta, content }: LibraryChoice): number {
  for (const id of [param, meta, content]) if (id != null && id > 0) return id;
  return 0;
}

/**
 * The query without ?library_id, for an address of another content (the next episode):
 * the library was chosen for the content the address named.
 */
export function withoutLibraryParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(LIBRARY_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
