import { ApiError, apiFetch, buildUrl, isApiError } from '@/shared/api';
import type { components } from '@/shared/api/schema';
import { sessionStore } from '@/shared/session';
import type { CatchupSource, Content, ContentMeta, VodStream } from './types';

// The content calls of spec 7 "Content, rows, search" plus the history call of our design
// (PUT /v2/users/self/history/{id}). Plain functions; queries.ts wraps them.

type Sig = { signal?: AbortSignal };

const seg = (idOrSlug: string | number) => encodeURIComponent(String(idOrSlug));

/**
 * A withdrawn content answers 404 lost_content with the content itself beside the error
 * (spec 8). The lost page shows that payload as the content.
 */
export class LostContentError extends ApiError {
  readonly content: Content;
  constructor(base: ApiError, content: Content) {
    super(base.status, base.type, base.message, base.detail, base.payload);
    this.content = content;
  }
}

export const isLostContent = (e: unknown): e is LostContentError => e instanceof LostContentError;

/**
 * A catalogue failure that shows the not-found page and is not retried: any 4xx except 401
 * (the token rules handle it) and 429 (it passes). Network errors and 5xx keep the retry.
 */
export const isMissingError = (e: unknown): boolean =>
  isApiError(e) && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 429;

/** The content a lost_content answer carries beside its error part, when it is an object. */
function lostPayload(e: ApiError): Content | null {
  const body = e.payload as Partial<components['schemas']['CatalogNotFoundError']> | null | undefined;
  const lost = body && typeof body === 'object' ? body.lost_content : undefined;
  return lost && typeof lost === 'object' ? lost : null;
}

/** The query parameter a content address carries its library in (tiles of a library's row add it). */
export const LIBRARY_PARAM = 'library_id';

/** A `library_id` value as a library id: a positive integer in plain digits, else null (ignored). */
export function parseLibraryId(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The library a content address names (`?library_id=N`), when it is a valid one. */
export const libraryIdOf = (search: string): number | undefined =>
  parseLibraryId(new URLSearchParams(search).get(LIBRARY_PARAM)) ?? undefined;

/** An address with `?library_id=N` added when a library is known (the watch page reads it). */
export function withLibrary(path: string, libraryId: number | null | undefined): string {
  if (!libraryId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${LIBRARY_PARAM}=${libraryId}`;
}

/** GET /v2/contents/{id or slug}; `library` is the library the content was opened from. */
export async function fetchContent(idOrSlug: string | number, { signal, library }: Sig & { library?: number } = {}): Promise<Content> {
  const path = `/contents/${seg(idOrSlug)}`;
  try {
    return await apiFetch<Content>(path, { query: { library }, signal });
  } catch (e) {
    // The lost page is drawn from this same answer: no second request.
    if (isApiError(e) && e.type === 'lost_content') {
      const lost = lostPayload(e);
      if (lost) throw new LostContentError(e, { ...lost, is_lost: true });
    }
    throw e;
  }
}

export const fetchContentMeta = (id: number, { signal }: Sig = {}) =>
  apiFetch<ContentMeta>(`/users/self/content_metadata/${id}`, { signal });

/** Episodes of a series, season or programme in viewing order; `season` narrows to one season. */
export const fetchEpisodes = (id: number, season: number | null, { signal }: Sig = {}) =>
  apiFetch<Content[]>(`/contents/${id}/episodes`, { query: { season: season ?? undefined }, signal });

export const fetchSources = (id: number, { signal }: Sig = {}) => apiFetch<CatchupSource[]>(`/contents/${id}/sources`, { signal });

export const fetchSimilar = (id: number, { signal }: Sig = {}) => apiFetch<Content[]>(`/contents/${id}/similar`, { signal });

/**
 * The signed VOD stream; `seconds` is where playback will start (the server may log it).
 * `embed`: asked by the content embed inside another site's frame, which spec 5 lets play
 * without the PIN (the server still refuses a child profile).
 */
export const fetchVodStream = (
  libraryId: number,
  contentId: number,
  seconds: number | undefined,
  { signal, embed }: Sig & { embed?: boolean } = {},
) => apiFetch<VodStream>(`/libraries/${libraryId}/contents/${contentId}/stream`, { query: { seconds, embed: embed ? 1 : undefined }, signal });


export interface HistoryMark {
  seconds: number;
  duration: number;
}

const historyPath = (contentId: number) => `/users/self/history/${contentId}`;

export const saveHistory = (contentId: number, mark: HistoryMark) =>
  apiFetch<unknown>(historyPath(contentId), { method: 'PUT', body: mark });

/**
 * The same PUT when the page is going away (tab closed, reload): a keepalive request
 * outlives the page, which an ordinary call does not.
 */
export function saveHistoryOnExit(contentId: number, mark: HistoryMark): void {
  const { token } = sessionStore.get();
  if (!token) return;
  void fetch(buildUrl(historyPath(contentId)), {
    method: 'PUT',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
    body: JSON.stringify(mark),
  }).catch(() => undefined);
}
