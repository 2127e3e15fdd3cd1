import { queryOptions } from '@tanstack/react-query';
import { consoleFetch } from '../api/client';
import type { SubscriberCard, SubscriberRow } from '../api/types';

/** Matches one search asks for; a full page tells the staff member to narrow it down. */
export const SEARCH_LIMIT = 50;

export const subscriberKeys = {
  all: ['operator', 'subscribers'] as const,
  search: (q: string) => [...subscriberKeys.all, 'search', q] as const,
  card: (id: string) => [...subscriberKeys.all, 'card', id] as const,
};

export const subscriberSearchQuery = (q: string) =>
  queryOptions({
    queryKey: subscriberKeys.search(q),
    queryFn: ({ signal }) => consoleFetch<SubscriberRow[]>('/subscribers', { query: { q, limit: SEARCH_LIMIT }, signal }),
    enabled: q.length > 0,
  });

export const subscriberCardQuery = (id: string) =>
  queryOptions({
    queryKey: subscriberKeys.card(id),
    queryFn: ({ signal }) => consoleFetch<SubscriberCard>(`/subscribers/${encodeURIComponent(id)}`, { signal }),
  });

/** The name to show for a subscriber: the first name, else the login, else the phone. */
export function subscriberName(s: Pick<SubscriberRow, 'id' | 'first_name' | 'username' | 'phone' | 'email'>): string {
  return s.first_name || s.username || s.phone || s.email || `#${s.id}`;
}
