import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type Balance } from '@/shared/api';
import { CACHE_MS } from '@/shared/lib/constants';
import type { Card, LedgerEntry, Packet, PeriodOption, Transaction, UserPacket } from './types';

// The calls of the viewer's money screens: one key factory, query options per read and
// plain functions per change. After a change the caller invalidates every query (access
// to channels and contents depends on what changed).

/** Rows per page of the payment and balance histories. */
export const HISTORY_PAGE = 20;

export const accountKeys = {
  subscriptions: (token: string | null) => ['subscriptions', 'current', token] as const,
  futures: (token: string | null) => ['subscriptions', 'futures', token] as const,
  // The same key as the account menu's inline balance query, so both refresh together.
  balance: (token: string | null) => ['balance', token] as const,
  cards: (token: string | null) => ['cards', token] as const,
  transactions: (token: string | null) => ['transactions', token] as const,
  ledger: (token: string | null) => ['ledger', token] as const,
  packets: (token: string | null) => ['account', 'packets', token] as const,
  periods: (packetId: number, token: string | null) => ['account', 'purchaseperiods', packetId, token] as const,
};

export const subscriptionsQuery = (token: string | null) =>
  queryOptions({
    queryKey: accountKeys.subscriptions(token),
    queryFn: ({ signal }) => apiFetch<UserPacket[]>('/users/self/subscriptions/current', { signal }),
    enabled: token !== null,
    staleTime: CACHE_MS.default,
  });

export const futuresQuery = (token: string | null) =>
  queryOptions({
    queryKey: accountKeys.futures(token),
    queryFn: ({ signal }) => apiFetch<UserPacket[]>('/users/self/subscriptions/futures', { signal }),
    enabled: token !== null,
    staleTime: CACHE_MS.default,
  });

export const balanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: accountKeys.balance(token),
    queryFn: ({ signal }) => apiFetch<Balance>('/users/self/balance', { signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });

export const cardsQuery = (token: string | null) =>
  queryOptions({
    queryKey: accountKeys.cards(token),
    queryFn: ({ signal }) => apiFetch<Card[]>('/users/self/cards', { signal }),
    enabled: token !== null,
    staleTime: CACHE_MS.default,
  });

/** The operator's packets: which held packet belongs to another (bundle members, included packets). */
export const packetsQuery = (token: string | null) =>
  queryOptions({
    queryKey: accountKeys.packets(token),
    queryFn: ({ signal }) => apiFetch<Packet[]>('/packets', { signal }),
    enabled: token !== null,
    staleTime: CACHE_MS.lists,
  });

/** The period options of a packet: a subscription with some can change its period. */
export const periodsQuery = (packetId: number, token: string | null) =>
  queryOptions({
    queryKey: accountKeys.periods(packetId, token),
    queryFn: ({ signal }) => apiFetch<PeriodOption[]>(`/packets/${packetId}/purchaseperiods`, { signal }),
    enabled: token !== null,
    staleTime: CACHE_MS.lists,
  });

export function fetchTransactions(offset: number, signal?: AbortSignal): Promise<Transaction[]> {
  return apiFetch<Transaction[]>('/users/self/transactions', { query: { limit: HISTORY_PAGE, offset }, signal });
}

export function fetchLedger(offset: number, signal?: AbortSignal): Promise<LedgerEntry[]> {
  return apiFetch<LedgerEntry[]>('/users/self/ledger', { query: { limit: HISTORY_PAGE, offset }, signal });
}

/** Renewal off (spec: "disable"); the subscription runs to the end of its paid period. */
export function disableRenewal(id: number, parentalCode?: string): Promise<void> {
  return apiFetch<void>(`/users/self/subscriptions/${id}`, { method: 'DELETE', query: { parental_code: parentalCode } });
}

/** Renewal on again ("renewal2"). */
export function enableRenewal(id: number, parentalCode?: string): Promise<UserPacket> {
  return apiFetch<UserPacket>(`/users/self/subscriptions/${id}`, {
    method: 'PATCH',
    body: { renew: true, ...(parentalCode ? { parental_code: parentalCode } : {}) },
  });
}

/** Cancels a scheduled subscription or period change. */
export function cancelFuture(id: number): Promise<void> {
  return apiFetch<void>(`/users/self/subscriptions/futures/${id}`, { method: 'DELETE' });
}

export function makeCardPrimary(id: number): Promise<Card> {
  return apiFetch<Card>(`/users/self/cards/${id}`, { method: 'PATCH', body: { is_primary: true } });
}

export function deleteCard(id: number): Promise<void> {
  return apiFetch<void>(`/users/self/cards/${id}`, { method: 'DELETE' });
}
