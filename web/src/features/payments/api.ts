import { queryOptions } from '@tanstack/react-query';
import { apiFetch, type Account, type Balance } from '@/shared/api';
import { CACHE_MS } from '@/shared/lib/constants';
import type {
  Card,
  ContentOffer,
  Licence,
  Packet,
  PayForm,
  PayRequest,
  PaySystem,
  PeriodOption,
  SubscribeRequest,
  Transaction,
  UserPacket,
} from './types';

// The commerce calls (api/openapi.yaml "commerce"): one fetcher per endpoint and the query
// options built on the key factories below. Every key carries the token: another viewer
// holds other packets and money. The packets area reads its lists through these too.

type Token = string | null;
type Sig = { signal?: AbortSignal };

export const packetKeys = {
  all: ['packets'] as const,
  list: (token: Token) => [...packetKeys.all, 'list', token] as const,
  one: (id: string | number, token: Token) => [...packetKeys.all, 'one', String(id), token] as const,
  periods: (id: string | number, token: Token) => [...packetKeys.all, 'periods', String(id), token] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  accounts: (token: Token) => [...paymentKeys.all, 'accounts', token] as const,
  balance: (token: Token) => [...paymentKeys.all, 'balance', token] as const,
  payforms: (accountId: number, token: Token) => [...paymentKeys.all, 'payforms', accountId, token] as const,
  cards: (token: Token) => [...paymentKeys.all, 'cards', token] as const,
  subscriptions: (token: Token) => [...paymentKeys.all, 'subscriptions', token] as const,
  futures: (token: Token) => [...paymentKeys.all, 'futures', token] as const,
  offers: (contentId: number, token: Token) => [...paymentKeys.all, 'offers', contentId, token] as const,
};

/** A fresh key per purchase attempt: a repeated click or a retried call is charged once. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

// ---- packets ----

export const fetchPackets = ({ signal }: Sig = {}) => apiFetch<Packet[]>('/packets', { signal });
export const fetchPacket = (id: string | number, { signal }: Sig = {}) =>
  apiFetch<Packet>(`/packets/${encodeURIComponent(String(id))}`, { signal });
export const fetchPeriods = (id: string | number, { signal }: Sig = {}) =>
  apiFetch<PeriodOption[]>(`/packets/${encodeURIComponent(String(id))}/purchaseperiods`, { signal });

export const packetsQuery = (token: Token) =>
  queryOptions({ queryKey: packetKeys.list(token), queryFn: ({ signal }) => fetchPackets({ signal }), staleTime: CACHE_MS.default });

export const packetQuery = (id: string | number, token: Token) =>
  queryOptions({
    queryKey: packetKeys.one(id, token),
    queryFn: ({ signal }) => fetchPacket(id, { signal }),
    staleTime: CACHE_MS.default,
    // A missing packet (or another operator's) is final.
    retry: (failures, error) => (error as { status?: number }).status !== 404 && failures < 2,
  });

export const periodsQuery = (id: string | number, token: Token) =>
  queryOptions({ queryKey: packetKeys.periods(id, token), queryFn: ({ signal }) => fetchPeriods(id, { signal }), staleTime: CACHE_MS.default });

// ---- money ----

export const accountsQuery = (token: Token) =>
  queryOptions({
    queryKey: paymentKeys.accounts(token),
    queryFn: ({ signal }) => apiFetch<Account[]>('/users/self/accounts', { signal }),
    staleTime: CACHE_MS.default,
  });

export const balanceQuery = (token: Token) =>
  queryOptions({
    queryKey: paymentKeys.balance(token),
    queryFn: ({ signal }) => apiFetch<Balance>('/users/self/balance', { signal }),
    staleTime: CACHE_MS.default,
  });

export const payformsQuery = (accountId: number, token: Token) =>
  queryOptions({
    queryKey: paymentKeys.payforms(accountId, token),
    queryFn: ({ signal }) => apiFetch<PaySystem[]>(`/users/self/accounts/${accountId}/payforms`, { signal }),
    staleTime: CACHE_MS.lists,
  });

export const cardsQuery = (token: Token) =>
  queryOptions({
    queryKey: paymentKeys.cards(token),
    queryFn: ({ signal }) => apiFetch<Card[]>('/users/self/cards', { signal }),
    staleTime: CACHE_MS.default,
  });

export const subscriptionsQuery = (token: Token) =>
  queryOptions({
    queryKey: paymentKeys.subscriptions(token),
    queryFn: ({ signal }) => apiFetch<UserPacket[]>('/users/self/subscriptions/current', { signal }),
    staleTime: CACHE_MS.default,
  });

export const futuresQuery = (token: Token) =>
  queryOptions({
    queryKey: paymentKeys.futures(token),
    queryFn: ({ signal }) => apiFetch<UserPacket[]>('/users/self/subscriptions/futures', { signal }),
    staleTime: CACHE_MS.default,
  });

export const offersQuery = (contentId: number, token: Token) =>
  queryOptions({
    queryKey: paymentKeys.offers(contentId, token),
    queryFn: ({ signal }) => apiFetch<ContentOffer[]>(`/offers/contents/${contentId}`, { signal }),
    staleTime: CACHE_MS.default,
  });

export const fetchTransaction = (id: number, { signal }: Sig = {}) => apiFetch<Transaction>(`/users/self/transactions/${id}`, { signal });

// ---- purchases ----

export const subscribe = (req: SubscribeRequest) => apiFetch<UserPacket>('/users/self/subscriptions', { method: 'POST', body: req });

export const purchaseOffer = (req: { offer_id: number; idempotency_key: string; parental_code?: string }) =>
  apiFetch<Licence>('/users/self/purchases', { method: 'POST', body: req });

export const pay = (accountId: number, form: PayForm, req: PayRequest) =>
  apiFetch<Transaction>(`/users/self/accounts/${accountId}/payforms/${form}`, { method: 'POST', body: req });

export const linkCard = (req: { paysystem_shortname?: string; return_url: string; needed_refund: boolean; parental_code?: string }) =>
  apiFetch<Transaction>('/users/self/cards', { method: 'POST', body: req });

// ---- subscriptions ----

export const patchSubscription = (id: number, change: { renew?: boolean; period_id?: number; parental_code?: string }) =>
  apiFetch<UserPacket>(`/users/self/subscriptions/${id}`, { method: 'PATCH', body: change });

export const unsubscribe = (id: number, parentalCode?: string) =>
  apiFetch<void>(`/users/self/subscriptions/${id}`, { method: 'DELETE', query: { parental_code: parentalCode } });

export const cancelFuture = (id: number) => apiFetch<void>(`/users/self/subscriptions/futures/${id}`, { method: 'DELETE' });
