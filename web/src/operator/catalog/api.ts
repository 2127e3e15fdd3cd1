import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

// The catalogue section's calls (/v2/operator/catalog/...): contents with their credits,
// trailers, artwork and sources, persons, genres, libraries and imports.

type Schemas = components['schemas'];
export type ConsoleContent = Schemas['ConsoleContent'];
export type ContentRow = Schemas['ConsoleContentRow'];
export type ContentPage = Schemas['ConsoleContentPage'];
export type ContentInput = Schemas['ConsoleContentInput'];
export type Credit = Schemas['ConsoleCredit'];
export type Trailer = Schemas['ConsoleTrailer'];
export type Person = Schemas['ConsolePerson'];
export type Genre = Schemas['ConsoleGenre'];
export type Library = Schemas['ConsoleLibrary'];
export type ImportReport = Schemas['ConsoleCatalogImport'];

export type ContentType = 'movie' | 'series' | 'season' | 'episode';
export type ContentStatus = 'published' | 'hidden' | 'withdrawn';
export const CONTENT_TYPES: readonly ContentType[] = ['movie', 'series', 'season', 'episode'];
export const STATUSES: readonly ContentStatus[] = ['published', 'hidden', 'withdrawn'];
export const AGES = [0, 6, 12, 16, 18] as const;
export const ROLES = ['director', 'actor', 'producer', 'writer', 'composer', 'presenter', 'editor'] as const;
export type Role = (typeof ROLES)[number];

export const PAGE_SIZE = 25;

export const catalogKeys = {
  all: ['operator', 'catalog'] as const,
  contents: (filter: ContentFilter) => [...catalogKeys.all, 'contents', filter] as const,
  content: (id: number) => [...catalogKeys.all, 'content', id] as const,
  persons: (q: string, page: number) => [...catalogKeys.all, 'persons', q, page] as const,
  genres: () => [...catalogKeys.all, 'genres'] as const,
  libraries: () => [...catalogKeys.all, 'libraries'] as const,
  assets: () => [...catalogKeys.all, 'assets'] as const,
};

export interface ContentFilter {
  q: string;
  type: string;
  status: string;
  library: string;
  page: number;
}

export const contentsQuery = (f: ContentFilter) =>
  queryOptions({
    queryKey: catalogKeys.contents(f),
    queryFn: ({ signal }) =>
      consoleFetch<ContentPage>('/catalog/contents', {
        signal,
        query: {
          q: f.q || undefined,
          type: f.type || undefined,
          status: f.status || undefined,
          library_id: f.library || undefined,
          limit: PAGE_SIZE,
          offset: (f.page - 1) * PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const contentQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.content(id),
    queryFn: ({ signal }) => consoleFetch<ConsoleContent>(`/catalog/contents/${id}`, { signal }),
  });

export const personsQuery = (q: string, page = 1) =>
  queryOptions({
    queryKey: catalogKeys.persons(q, page),
    queryFn: ({ signal }) =>
      consoleFetch<{ items: Person[]; total: number }>('/catalog/persons', {
        signal,
        query: { q: q || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const genresQuery = () =>
  queryOptions({ queryKey: catalogKeys.genres(), queryFn: ({ signal }) => consoleFetch<Genre[]>('/catalog/genres', { signal }) });

export const librariesQuery = () =>
  queryOptions({ queryKey: catalogKeys.libraries(), queryFn: ({ signal }) => consoleFetch<Library[]>('/catalog/libraries', { signal }) });

export const assetsQuery = () =>
  queryOptions({
    queryKey: catalogKeys.assets(),
    queryFn: ({ signal }) => consoleFetch<{ local: string[] }>('/catalog/assets', { signal }),
    staleTime: 5 * 60_000,
  });

export const createContent = (body: ContentInput) => consoleFetch<ConsoleContent>('/catalog/contents', { method: 'POST', body });
export const patchContent = (id: number, body: ContentInput) =>
  consoleFetch<ConsoleContent>(`/catalog/contents/${id}`, { method: 'PATCH', body });
export const deleteContent = (id: number) => consoleFetch<void>(`/catalog/contents/${id}`, { method: 'DELETE' });

export type ArtworkKind = 'poster' | 'cover';
export const uploadPersonPicture = (id: number, data: string) =>
  consoleFetch<Person>(`/catalog/persons/${id}/picture`, { method: 'POST', body: { data } });
export const dropPersonPicture = (id: number) => consoleFetch<Person>(`/catalog/persons/${id}/picture`, { method: 'DELETE' });
export const uploadArtwork = (id: number, kind: ArtworkKind, data: string) =>
  consoleFetch<ConsoleContent>(`/catalog/contents/${id}/artwork/${kind}`, { method: 'POST', body: { data } });
export const dropArtwork = (id: number, kind: ArtworkKind) =>
  consoleFetch<ConsoleContent>(`/catalog/contents/${id}/artwork/${kind}`, { method: 'DELETE' });

export interface PersonFields {
  name: string;
  original_name: string;
  bio: string;
}
export const createPerson = (body: PersonFields) => consoleFetch<Person>('/catalog/persons', { method: 'POST', body });
export const patchPerson = (id: number, body: Partial<PersonFields>) => consoleFetch<Person>(`/catalog/persons/${id}`, { method: 'PATCH', body });

export interface GenreFields {
  name: string;
  name_en: string;
  sort: number;
}
export const createGenre = (body: GenreFields) => consoleFetch<Genre>('/catalog/genres', { method: 'POST', body });
export const patchGenre = (id: number, body: Partial<GenreFields>) => consoleFetch<Genre>(`/catalog/genres/${id}`, { method: 'PATCH', body });

export interface LibraryFields {
  name: string;
  description: string;
  is_free: boolean;
  sort: number;
}
export const createLibrary = (body: LibraryFields) => consoleFetch<Library>('/catalog/libraries', { method: 'POST', body });
export const patchLibrary = (id: number, body: Partial<LibraryFields>) =>
  consoleFetch<Library>(`/catalog/libraries/${id}`, { method: 'PATCH', body });

export const runImport = (body: { format: 'csv' | 'json'; data: string; apply: boolean }) =>
  consoleFetch<ImportReport>('/catalog/import', { method: 'POST', body });

/** The largest picture the server takes (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A file's bytes in base64 (what the artwork upload carries). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** A file's text (imports). */
export function fileToText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}
