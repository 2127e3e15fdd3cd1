import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isLostContent } from './api';
import { contentPagePath } from './links';
import { LostContent } from './LostContent';
import { useContent } from './queries';
import { QueryState } from './States';
import { useRootContent } from './useRootContent';

/**
 * /episodes/{slug or id} (spec 2): an episode's address. It becomes its series' content
 * page with the episode chosen (or the content page itself for a content without parents).
 */
export function EpisodePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const episode = useContent(id);
  const { root, pending } = useRootContent(episode.data);

  useEffect(() => {
    const e = episode.data;
    if (!e || pending || !root) return;
    const to = root.id === e.id ? contentPagePath(e) : contentPagePath(root, e);
    // A modal page over the start page (the route has no page of its own to stay under).
    navigate(to, { replace: true });
  }, [episode.data, root, pending, navigate]);

  if (episode.error && isLostContent(episode.error)) return <LostContent content={episode.error.content} />;
  return <QueryState error={episode.error} onRetry={() => void episode.refetch()} />;
}
