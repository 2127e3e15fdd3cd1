import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/session';
import { contentQuery } from './queries';
import type { Content } from './types';

export interface RootResolution {
  /** The series (or programme) the content belongs to; the content itself when it has no parent. */
  root: Content | null;
  pending: boolean;
}

const hasParent = (c: Content | null | undefined): c is Content =>
  !!c && (c.content_type === 'episode' || c.content_type === 'season') && c.parent_id != null;

/**
 * Walks up from an episode or a season to its series (at most two parents): the page of
 * an episode is its series' page with the episode chosen (spec 2 /episodes). A parent
 * that cannot be read leaves the content as its own root.
 */
export function useRootContent(content: Content | null | undefined): RootResolution {
  const { token } = useSession();
  const parentId = hasParent(content) ? content.parent_id : null;
  const parent = useQuery({ ...contentQuery(parentId ?? 0, token), enabled: parentId != null && token !== null });
  const grandId = hasParent(parent.data) ? parent.data.parent_id : null;
  const grand = useQuery({ ...contentQuery(grandId ?? 0, token), enabled: grandId != null && token !== null });

  if (!content) return { root: null, pending: true };
  if (parentId == null) return { root: content, pending: false };
  if (parent.isPending) return { root: null, pending: true };
  if (!parent.data) return { root: content, pending: false };
  if (grandId == null) return { root: parent.data, pending: false };
  if (grand.isPending) return { root: null, pending: true };
  return { root: grand.data ?? parent.data, pending: false };
}
