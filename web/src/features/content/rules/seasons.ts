import type { Content } from '../types';

// Seasons and episodes of the content page (spec 2 "Content detail": season switcher and
// episode list, the first 25 then all; spec 9 "Episode list first 25").

export const EPISODES_FIRST = 25;

type Node = Pick<Content, 'id' | 'content_type' | 'season' | 'parent_id'>;

/** The seasons of a series (its season children), by season number. */
export function seasonsOf<T extends Node>(content: { content_type: string; contents?: T[] }): T[] {
  if (content.content_type !== 'series') return [];
  return (content.contents ?? [])
    .filter((c) => c.content_type === 'season')
    .slice()
    .sort((a, b) => (a.season ?? 0) - (b.season ?? 0));
}

/**
 * The season shown first: the chosen child's (a season, or an episode's season), else
 * the season of the episode to play next, else the first one.
 */
export function initialSeason(seasons: Node[], child: Node | null | undefined, next: Node | null | undefined): number | null {
  if (seasons.length === 0) return null;
  const has = (n: number | null | undefined) => n != null && seasons.some((s) => s.season === n);
  if (child && has(child.season)) return child.season!;
  if (child?.content_type === 'season') {
    const s = seasons.find((x) => x.id === child.id);
    if (s?.season != null) return s.season;
  }
  if (next && has(next.season)) return next.season!;
  return seasons[0]!.season ?? null;
}

/** The episodes to list: the first 25 until 'show all'. */
export function visibleEpisodes<T>(episodes: T[], all: boolean): T[] {
  return all ? episodes : episodes.slice(0, EPISODES_FIRST);
}
