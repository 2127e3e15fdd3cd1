import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '@/shared/session';
import { isLostContent, libraryIdOf } from './api';
import { ContentView } from './ContentView';
import { LostContent } from './LostContent';
import { useContent, useInvalidateContentData } from './queries';
import { isBareId } from './rules/ids';
import { QueryState } from './States';
import { useNoindex } from './usePageMeta';
import { useRootContent } from './useRootContent';

/**
 * /contents/{slug-id}/{child?} (a modal page, spec 2 "Content detail"). The child is a
 * season or an episode of the content. An episode or season opened as the content itself
 * moves to its series' page with it chosen; a slug that is not the content's own is
 * replaced by the canonical one. Everything reloads when the route id changes (the
 * queries are keyed by it), and when the navigation state asks for it (logged users).
 * An optional ?library_id (a library's row opened it) goes to the content call as `library`
 * and on to /watch.
 */
export function ContentPage() {
  const { slug, child } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { isLogged } = useSession();
  const library = libraryIdOf(location.search);
  const main = useContent(slug, library);
  const childQ = useContent(child);
  const { root, pending: rootPending } = useRootContent(main.data);

  const content = main.data;
  const childContent = child ? childQ.data : null;
  useNoindex(isBareId(slug));

  // Canonical address: /contents/{series}/{episode or season} with the contents' own slugs.
  useEffect(() => {
    if (!content || rootPending || !root) return;
    const state = location.state as { reload?: boolean } | null;
    let target: string | null = null;
    if (root.id !== content.id) target = `/contents/${root.slug}/${content.slug}`;
    else if (slug !== content.slug || (childContent && child !== childContent.slug))
      target = `/contents/${content.slug}${childContent ? `/${childContent.slug}` : child ? `/${child}` : ''}`;
    if (target && target !== location.pathname) navigate({ pathname: target, search: location.search }, { replace: true, state });
  }, [content, root, rootPending, childContent, child, slug, location.pathname, location.search, location.state, navigate]);

  // Spec 2: the navigation state may ask for a reload (after a purchase, for example): the
  // content and what depends on the viewer's rights (meta, catch-up sources, episodes).
  const reload = (location.state as { reload?: boolean } | null)?.reload === true;
  const refetchMain = main.refetch;
  useEffect(() => {
    if (reload && isLogged) void refetchMain();
  }, [reload, isLogged, refetchMain]);
  // (apart: the content's id is known only once it has loaded, and that must not refetch it again)
  const invalidateContentData = useInvalidateContentData();
  const contentId = content?.id;
  useEffect(() => {
    if (reload && isLogged && contentId != null) void invalidateContentData(contentId);
  }, [reload, isLogged, contentId, invalidateContentData]);

  if (main.error && isLostContent(main.error)) return <LostContent content={main.error.content} />;
  if (!content || main.error) return <QueryState error={main.error} onRetry={() => void main.refetch()} />;
  if (root && root.id !== content.id) return <QueryState error={null} onRetry={() => undefined} />;
  if (child && childQ.isPending) return <QueryState error={null} onRetry={() => undefined} />;
  const validChild = childContent && childContent.id !== content.id ? childContent : null;
  return <ContentView key={content.id} content={content} child={validChild} />;
}
