import { apiFetch } from '@/shared/api';
import type { components } from '@/shared/api/schema';

// GET /v2/persons/{id or slug} (spec 7): the person with the sections movies, series and
// program, the count of contents and noindex.

export type Person = components['schemas']['CatalogPerson'];

export const fetchPerson = (idOrSlug: string | number, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch<Person>(`/persons/${encodeURIComponent(String(idOrSlug))}`, { signal });
