import type { Content } from '../types';

// Breadcrumbs of the content page (spec 2 "Content detail"): start page, section (Movies,
// Series or Telecasts), the content, the episode.

export type CrumbKind = 'home' | 'movies' | 'series' | 'programs' | 'content' | 'child';

export interface Crumb {
  kind: CrumbKind;
  /** The content's title for content and child crumbs; sections and home are named by the caller. */
  title?: string;
  /** Season and episode numbers of a child crumb. */
  season?: number | null;
  series?: number | null;
  /** Absent for the current page (the last crumb) and for sections without a page. */
  to?: string;
}

type Part = Pick<Content, 'slug' | 'title' | 'content_type' | 'category' | 'season' | 'series'>;

/** The section of a content by its category (1 movies, 2 series, 3 programs) or its type. */
export function sectionOf(c: Pick<Content, 'category' | 'content_type'>): 'movies' | 'series' | 'programs' {
  const id = c.category?.id;
  if (id === 2) return 'series';
  if (id === 3) return 'programs';
  if (id === 1) return 'movies';
  if (c.content_type === 'program') return 'programs';
  if (c.content_type === 'series' || c.content_type === 'season' || c.content_type === 'episode') return 'series';
  return 'movies';
}

/** The filter pages of the sections; programmes have none, so that crumb is plain text. */
const SECTION_PATH: Record<'movies' | 'series' | 'programs', string | undefined> = {
  movies: '/movies',
  series: '/series',
  programs: undefined,
};

export function buildBreadcrumbs(content: Part, child?: Part | null): Crumb[] {
  const section = sectionOf(content);
  const crumbs: Crumb[] = [
    { kind: 'home', to: '/' },
    { kind: section, to: SECTION_PATH[section] },
    { kind: 'content', title: content.title, to: child ? `/contents/${content.slug}` : undefined },
  ];
  if (child) crumbs.push({ kind: 'child', title: child.title, season: child.season, series: child.series });
  return crumbs;
}
