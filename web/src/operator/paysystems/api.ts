import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

type Schemas = components['schemas'];

export type PaySystemsPage = Schemas['ConsolePaySystems'];
export type ConsolePaySystem = Schemas['ConsolePaySystem'];
export type PaySystemInput = Schemas['ConsolePaySystemInput'];
export type GatewayName = 'none' | 'sandbox' | 'yookassa';

export const PAYSYSTEM_KINDS = ['provider_account', 'linkedcard', 'short_url', 'pay_iframe', 'phone', 'qrcode', 'qrcode_png', 'info'] as const;
export type PaySystemKind = (typeof PAYSYSTEM_KINDS)[number];

export const paySystemKeys = {
  all: ['operator', 'paysystems'] as const,
};

export const paySystemsQuery = () =>
  queryOptions({
    queryKey: paySystemKeys.all,
    queryFn: ({ signal }) => consoleFetch<PaySystemsPage>('/paysystems', { signal }),
  });

export const addPaySystem = (body: PaySystemInput & { shortname: string; kind: PaySystemKind; title: string }) =>
  consoleFetch<PaySystemsPage>('/paysystems', { method: 'POST', body });

export const changePaySystem = ({ shortname, ...body }: PaySystemInput & { shortname: string }) =>
  consoleFetch<PaySystemsPage>(`/paysystems/${encodeURIComponent(shortname)}`, { method: 'PATCH', body });

export const orderPaySystems = (order: string[]) => consoleFetch<PaySystemsPage>('/paysystems', { method: 'PATCH', body: { order } });

export const saveGateway = (body: { gateway: GatewayName; shop_id?: string; secret_key?: string }) =>
  consoleFetch<PaySystemsPage>('/gateway', { method: 'POST', body });
