import { useEffect } from 'react';
import { useSession } from '@/shared/session';

// The worker and subscription code loads after the first screen: it is not needed to draw it.
const upkeep = () => Promise.all([import('./serviceWorker'), import('./subscribe')]);

/**
 * Once per page load the worker script is checked and registered (or removed, see
 * ensureServiceWorker); while a token is held, the browser's push subscription is
 * stored for its device when the permission is already given, and again when the worker
 * says the browser replaced it.
 */
export function usePushUpkeep(): void {
  const { token } = useSession();
  useEffect(() => {
    void upkeep().then(([sw]) => sw.ensureServiceWorker());
  }, []);
  useEffect(() => {
    if (!token) return;
    void upkeep().then(([, sub]) => sub.syncPush(token));
    // The worker subscribed again (the browser dropped the old subscription): store the new one.
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === 'efir:push-subscription-changed') {
        void upkeep().then(([, sub]) => sub.syncPush(token, true));
      }
    };
    sw?.addEventListener('message', onMessage);
    return () => sw?.removeEventListener('message', onMessage);
  }, [token]);
}
