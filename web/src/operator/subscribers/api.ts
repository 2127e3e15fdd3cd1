import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleFetch } from '../api/client';
import type { LedgerEntry, PacketRow, StaffSubscription, StaffTransaction, SubscriberCard, SubscriberRow } from '../api/types';

/** Matches one search asks for; a full page tells the staff member to narrow it down. */
export const SEARCH_LIMIT = 50;

/** Ledger entries and payments one page of the card shows. */
export const MONEY_PAGE = 50;

// The card's lists (ledger, payments) sit under the card's key: invalidating the card after
// a change refreshes everything the page shows of that subscriber.
export const subscriberKeys = {
  all: ['operator', 'subscribers'] as const,
  search: (q: string) => [...subscriberKeys.all, 'search', q] as const,
  card: (id: string) => [...subscriberKeys.all, 'card', id] as const,
  ledger: (id: string, page: number) => [...subscriberKeys.card(id), 'ledger', page] as const,
  transactions: (id: string, page: number) => [...subscriberKeys.card(id), 'transactions', page] as const,
  packets: ['operator', 'packets'] as const,
};

export const subscriberSearchQuery = (q: string) =>
  queryOptions({
    queryKey: subscriberKeys.search(q),
    queryFn: ({ signal }) => consoleFetch<SubscriberRow[]>('/subscribers', { query: { q, limit: SEARCH_LIMIT }, signal }),
    enabled: q.length > 0,
  });

const base = (id: string) => `/subscribers/${encodeURIComponent(id)}`;

export const subscriberCardQuery = (id: string) =>
  queryOptions({
    queryKey: subscriberKeys.card(id),
    queryFn: ({ signal }) => consoleFetch<SubscriberCard>(base(id), { signal }),
  });

/** The balance ledger, newest first; `page` counts from 1. */
export const ledgerQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: subscriberKeys.ledger(id, page),
    queryFn: ({ signal }) =>
      consoleFetch<LedgerEntry[]>(`${base(id)}/ledger`, { query: { limit: MONEY_PAGE, offset: (page - 1) * MONEY_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });

/** The payments, newest first; `page` counts from 1. */
export const transactionsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: subscriberKeys.transactions(id, page),
    queryFn: ({ signal }) =>
      consoleFetch<StaffTransaction[]>(`${base(id)}/transactions`, { query: { limit: MONEY_PAGE, offset: (page - 1) * MONEY_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });

/** The operator's packets (the grant form's choice). */
export const packetsQuery = () =>
  queryOptions({
    queryKey: subscriberKeys.packets,
    queryFn: ({ signal }) => consoleFetch<PacketRow[]>('/packets', { signal }),
    staleTime: 60_000,
  });

// ---- account ----

export const setBlocked = (id: string, blocked: boolean) => consoleFetch<SubscriberRow>(`${base(id)}/block`, { method: 'POST', body: { blocked } });

export const endSessions = (id: string) => consoleFetch<void>(`${base(id)}/sessions`, { method: 'DELETE' });

export const removeDevice = (id: string, deviceId: number) => consoleFetch<void>(`${base(id)}/devices/${deviceId}`, { method: 'DELETE' });

export const resetParentalPin = (id: string) => consoleFetch<void>(`${base(id)}/parental_reset`, { method: 'POST' });

// ---- subscriptions ----

export interface GrantFields {
  packet_id: number;
  /** Unix seconds; left out for "now". */
  start_at?: number;
  end_at: number;
}

export const grantPacket = (id: string, body: GrantFields) =>
  consoleFetch<StaffSubscription>(`${base(id)}/subscriptions`, { method: 'POST', body });

export type SubscriptionChange = { action: 'end' | 'pause' | 'resume' } | { renew: boolean } | { resume_at: number };

export const changeSubscription = (id: string, subscriptionId: number, body: SubscriptionChange) =>
  consoleFetch<StaffSubscription>(`${base(id)}/subscriptions/${subscriptionId}`, { method: 'PATCH', body });

// ---- money ----

/** The longest reason of a balance change or a refund (the contract's maxLength). */
export const REASON_MAX = 200;

export interface MoneyChange {
  /** Signed minor units (a debit is negative); a refund's is positive. */
  amount: number;
  reason: string;
  idempotency_key: string;
}

export const adjustBalance = (id: string, body: MoneyChange) => consoleFetch<LedgerEntry>(`${base(id)}/ledger`, { method: 'POST', body });

export const refundPayment = (id: string, transactionId: number, body: MoneyChange) =>
  consoleFetch<StaffTransaction>(`${base(id)}/transactions/${transactionId}/refund`, { method: 'POST', body });

/** The name to show for a subscriber: the first name, else the login, else the phone. */
export function subscriberName(s: Pick<SubscriberRow, 'id' | 'first_name' | 'username' | 'phone' | 'email'>): string {
  return s.first_name || s.username || s.phone || s.email || `#${s.id}`;
}
