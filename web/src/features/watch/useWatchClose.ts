import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRootContent, type Content } from '@/features/content';
import { useModalPageClose, type NavigationState } from '@/shared/lib/modalNavigation';
import { closeTarget } from './rules/close';

/**
 * Closing the player (the modal page's close button, Escape) goes back to the content's page
 * when the viewer came from it, else opens that page over the same page underneath. The
 * player's entry is replaced: the browser's back must not start the video again.
 */
export function useWatchClose(content: Content | undefined): void {
  const navigate = useNavigate();
  const location = useLocation();
  const { root } = useRootContent(content);
  const state = location.state as NavigationState | null;
  const from = state?.from;
  const background = state?.backgroundLocation;
  // 'default' is the key of the entry the app started on: there is nothing in-app to go back to.
  const inAppHistory = location.key !== 'default';

  const close = useCallback(() => {
    if (!content) return;
    const target = closeTarget({ content, root, from, inAppHistory });
    if (target.kind === 'back') navigate(-1);
    else navigate(target.path, { replace: true, state: background ? { backgroundLocation: background } : null });
  }, [content, root, from, inAppHistory, background, navigate]);

  useModalPageClose(content ? close : null);
}
