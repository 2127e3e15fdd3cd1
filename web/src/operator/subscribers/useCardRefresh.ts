import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SubscriberCard } from '../api/types';
import { subscriberKeys } from './api';

/**
 * After a change: patch the card with what the server answered (so the page shows it at
 * once) and read the card again with its ledger and payments (so it shows the truth).
 */
export function useCardRefresh(id: string) {
  const client = useQueryClient();
  const patch = useCallback(
    (change: (card: SubscriberCard) => SubscriberCard) => client.setQueryData<SubscriberCard>(subscriberKeys.card(id), (c) => (c ? change(c) : c)),
    [client, id],
  );
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: subscriberKeys.card(id) }), [client, id]);
  return { patch, refresh, client };
}
