import { apiFetch } from '@/shared/api';
import type { MenuPage, Row, Rowset } from './types';

// The catalogue calls of spec 7 "Content, rows, search" this area makes. Plain functions;
// queries.ts wraps them in TanStack Query.

type Sig = { signal?: AbortSignal };

/** The client kind of spec 7 (rowsets for web or mobile300 clients). */
export const ROWSET_CLIENT = 'web';

const ref = (idOrSlug: string | number) => encodeURIComponent(String(idOrSlug));

/** A rowset page by id or slug; the server fills its first rows, the rest come by fetchRow. */
export const fetchRowset = (idOrSlug: string | number, { signal }: Sig = {}) =>
  apiFetch<Rowset>(`/rowsets/${ref(idOrSlug)}`, { query: { type: ROWSET_CLIENT }, signal });

/** Every rowset of the provider: menu pages (is_menu) first, in menu order. */
export const fetchRowsets = ({ signal }: Sig = {}) =>
  apiFetch<MenuPage[]>('/rowsets', { query: { type: ROWSET_CLIENT }, signal });

/** Filters of GET /v2/rows/{id} (spec 7). Lists are comma-joined. */
export interface RowParams {
  offset?: number;
  limit?: number;
  text?: string;
  library_id?: number;
  content_type?: string;
  main_genre?: string;
  genre?: string;
  country?: string;
  year_from?: number;
  year_to?: number;
  rating_from?: number;
  mode?: string;
}

export const fetchRow = (idOrSlug: string | number, params: RowParams = {}, { signal }: Sig = {}) =>
  apiFetch<Row>(`/rows/${ref(idOrSlug)}`, { query: { ...params }, signal });
