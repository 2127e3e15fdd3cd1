import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

type Schemas = components['schemas'];
export type ApiToken = Schemas['APIToken'];
export type IssuedApiToken = Schemas['APITokenIssued'];
export type ApiRequest = Schemas['APIRequest'];
export type BillingSettings = Schemas['BillingSettings'];
export type BillingSettingsSaved = Schemas['BillingSettingsSaved'];
export type BillingCallback = Schemas['BillingCallback'];
export type CallbackKind = Schemas['BillingCallbackKind'];
export type CallbackState = Schemas['BillingCallbackState'];

export const CALLBACK_KINDS: CallbackKind[] = ['AUTH', 'PACKET', 'DELETE_SUBSCRIPTION', 'BALANCE'];
export const CALLBACK_STATES: CallbackState[] = ['pending', 'delivered', 'refused', 'failed'];

/** Rows per page of the two logs. */
export const PAGE = 20;

export const integrationKeys = {
  all: ['operator', 'integrations'] as const,
  tokens: () => [...integrationKeys.all, 'tokens'] as const,
  log: (offset: number) => [...integrationKeys.all, 'log', offset] as const,
  billing: () => [...integrationKeys.all, 'billing'] as const,
  callbacks: (f: CallbackFilter) => [...integrationKeys.all, 'callbacks', f] as const,
};

export const tokensQuery = () =>
  queryOptions({
    queryKey: integrationKeys.tokens(),
    queryFn: ({ signal }) => consoleFetch<ApiToken[]>('/integrations/tokens', { signal }),
  });

export interface TokenFields {
  name: string;
  per_second?: number;
  per_hour?: number;
  per_day?: number;
}

export const issueToken = (body: TokenFields) => consoleFetch<IssuedApiToken>('/integrations/tokens', { method: 'POST', body });

export const revokeToken = (id: number) => consoleFetch<void>(`/integrations/tokens/${id}`, { method: 'DELETE' });

export const apiLogQuery = (offset: number) =>
  queryOptions({
    queryKey: integrationKeys.log(offset),
    queryFn: ({ signal }) => consoleFetch<ApiRequest[]>('/integrations/log', { signal, query: { limit: PAGE, offset } }),
  });

export const billingQuery = () =>
  queryOptions({
    queryKey: integrationKeys.billing(),
    queryFn: ({ signal }) => consoleFetch<BillingSettings>('/integrations/billing', { signal }),
  });

export interface BillingFields {
  url: string;
  enabled: boolean;
  auth_fail_open: boolean;
}

export const saveBilling = (body: BillingFields) =>
  consoleFetch<BillingSettingsSaved>('/integrations/billing', { method: 'PATCH', body });

export const rotateSecret = () => consoleFetch<BillingSettingsSaved>('/integrations/billing/secret', { method: 'POST' });

export interface CallbackFilter {
  kind: CallbackKind | '';
  state: CallbackState | '';
  offset: number;
}

export const callbacksQuery = (f: CallbackFilter) =>
  queryOptions({
    queryKey: integrationKeys.callbacks(f),
    queryFn: ({ signal }) =>
      consoleFetch<BillingCallback[]>('/integrations/callbacks', {
        signal,
        query: { limit: PAGE, offset: f.offset, kind: f.kind || undefined, state: f.state || undefined },
      }),
  });

export const resendCallback = (id: number) =>
  consoleFetch<BillingCallback>(`/integrations/callbacks/${id}/resend`, { method: 'POST' });
