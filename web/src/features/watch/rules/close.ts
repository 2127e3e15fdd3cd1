import { contentPagePath, idFromSegment, type Content } from '@/features/content';

// Where closing the player goes. The page underneath a modal page is usually home or a
// list, which is not where a viewer who closes a film expects to land: the film's page is.

type Ref = Pick<Content, 'id' | 'slug'>;

export type CloseTarget = { kind: 'back' } | { kind: 'page'; path: string };

export interface CloseInput {
  /** The content playing (a film or an episode). */
  content: Ref;
  /** Its series for an episode (the content itself for a film); null while unknown. */
  root: Ref | null;
  /** NavigationState.from: the address the player was opened from. */
  from: string | undefined;
  /** The player's history entry was made inside the app (not a direct load). */
  inAppHistory: boolean;
}

/** The id in the first segment of a /contents/... address, else null. */
function contentPageId(from: string | undefined): number | null {
  const m = /^\/contents\/([^/?#]+)/.exec(from ?? '');
  return m ? idFromSegment(m[1]) : null; // the id is the trailing digits: nothing to decode
}

/**
 * Back when the viewer came from this content's own page (its series' page for an episode):
 * that page is the entry below. Otherwise (opened directly, from a row, from search...) the
 * content's page: the series' page with the episode chosen for an episode.
 */
export function closeTarget({ content, root, from, inAppHistory }: CloseInput): CloseTarget {
  const fromId = contentPageId(from);
  if (inAppHistory && fromId !== null && (fromId === content.id || fromId === root?.id)) return { kind: 'back' };
  const path = root && root.id !== content.id ? contentPagePath(root, content) : contentPagePath(content);
  return { kind: 'page', path };
}
