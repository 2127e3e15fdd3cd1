import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useConfiguration } from '@/shared/api';
import { modalFromHash, useModalNavigation } from '@/shared/lib/modalNavigation';
import { isPromoPath } from './rules/promoPages';

/**
 * Spec 2: a path containing 'promo' opens the promo-code dialog, over whatever the path
 * shows (a rowset of that slug, or the not-found page). Once per path, and not over
 * another dialog. The root layout mounts this only on such paths.
 */
export function PromoPathWatcher() {
  const { pathname, hash } = useLocation();
  const { promocodes_enabled } = useConfiguration();
  const { open } = useModalNavigation();
  const opened = useRef<string | null>(null);
  const modal = modalFromHash(hash);

  useEffect(() => {
    if (!promocodes_enabled || !isPromoPath(pathname) || opened.current === pathname || modal) return;
    opened.current = pathname;
    open('promocode');
  }, [promocodes_enabled, pathname, modal, open]);

  return null;
}
