import { ApiError, apiFetch, buildUrl, isApiError } from '@/shared/api';
import { currentLanguage } from '@/shared/i18n';
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
    super(base.status, base.type, base.message, base.detail);
    this.content = content;
  }
}

export const isLostContent = (e: unknown): e is LostContentError => e instanceof LostContentError;

/**
 * The shared fetch wrapper keeps only the error part of a failed answer, so the
 * lost_content payload is read again from the raw answer (one more request, only for
 * withdrawn contents).
 */
async function readLostPayload(path: string, signal?: AbortSignal): Promise<Content | null> {
  const { token } = sessionStore.get();
  try {
    const res = await fetch(buildUrl(path), {
      headers: {
        Accept: 'application/json',
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `Token ${token}` } : {}),
      },
      signal,
    });
    const body = (await res.json()) as { lost_content?: Content };
    return body.lost_content ?? null;
  } catch {
    return null;
  }
}

/** GET /v2/contents/{id or slug}. */
export async function fetchContent(idOrSlug: string | number, { signal }: Sig = {}): Promise<Content> {
  const path = `/contents/${seg(idOrSlug)}`;
  try {
    return await apiFetch<Content>(path, { signal });
  } catch (e) {
    if (isApiError(e) && e.type === 'lost_content') {
      const lost = await readLostPayload(path, signal);
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

/** The signed VOD stream; `seconds` is where playback will start (the server may log it). */
export const fetchVodStream = (libraryId: number, contentId: number, seconds: number | undefined, { signal }: Sig = {}) =>
  apiFetch<VodStream>(`/libraries/${libraryId}/contents/${contentId}/stream`, { query: { seconds }, signal });

export const fetchTrailerStream = (trailerId: number, { signal }: Sig = {}) =>
  apiFetch<VodStream>(`/trailers/${trailerId}/stream`, { signal });

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
