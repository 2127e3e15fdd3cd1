import type { Person } from './api';

// Person page rules (spec 2 "Person page", 5): noindex when fewer than 2 contents; the
// contents count is said with the language's plural forms (i18next: ru 1 / 2-4 / 5+).

export const NOINDEX_BELOW = 2;

/** Without the server's contents_count the sections' contents are counted (spec 5). */
export function personNoindex(p: Pick<Person, 'contents_count' | 'noindex' | 'sections'>): boolean {
  return p.noindex === true || contentsCount(p) < NOINDEX_BELOW;
}

export type PersonSection = 'movies' | 'series' | 'program';
export const SECTION_ORDER: PersonSection[] = ['movies', 'series', 'program'];

/** The sections with contents, in the spec's order. */
export function filledSections(p: Pick<Person, 'sections'>): PersonSection[] {
  return SECTION_ORDER.filter((s) => (p.sections?.[s]?.length ?? 0) > 0);
}

/** The count to show: the server's, else the distinct contents the sections hold (one may be in two). */
export function contentsCount(p: Pick<Person, 'contents_count' | 'sections'>): number {
  if (p.contents_count != null) return p.contents_count;
  return new Set(SECTION_ORDER.flatMap((s) => (p.sections?.[s] ?? []).map((c) => c.id))).size;
}
