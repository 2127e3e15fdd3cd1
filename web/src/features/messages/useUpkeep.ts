import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch, userKeys, type User } from '@/shared/api';
import { sessionStore, useSession } from '@/shared/session';
import { startActivePolling } from './activePolling';
import { pageActivity } from './activity';
import { messageKeys, MESSAGES_REFRESH_MS } from './api';
import { startKeepAlive } from './keepAlive';

/**
 * Background work of a logged-in viewer while the app is active (spec 4, 9): the messages
 * refresh every 150 s and the keep-alive call every 5 minutes. Mounted once by the layout.
 */
export function useSessionUpkeep(): void {
  const { isLogged } = useSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isLogged) return;
    const activity = pageActivity();
    const detach = activity.start();
    const stopKeepAlive = startKeepAlive({
      activity,
      ping: () =>
        apiFetch<User>('/users/self').then((user) => queryClient.setQueryData(userKeys.self(sessionStore.get().token), user)),
    });
    const stopMessages = startActivePolling({
      intervalMs: MESSAGES_REFRESH_MS,
      activity,
      task: () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    });
    return () => {
      stopMessages();
      stopKeepAlive();
      detach();
    };
  }, [isLogged, queryClient]);
}
