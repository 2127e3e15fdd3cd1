import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

// The promo campaigns' calls (api/openapi.yaml, /v2/operator/promo/...).

type Schemas = components['schemas'];
export type PromoCampaign = Schemas['PromoCampaign'];
export type PromoReport = Schemas['PromoReport'];

export interface CampaignFields {
  name: string;
  kind: 'days' | 'balance';
  days?: number;
  packet_ids?: number[];
  /** Minor units (kind balance). */
  amount?: number;
  description?: string;
  count: number;
  uses_per_key?: number;
  per_user_limit?: number;
  total_limit?: number;
  /** Unix seconds, 0: none. */
  starts_at?: number;
  expires_at?: number;
}

export interface ReportFilter {
  campaignId: number;
  /** Unix seconds. */
  from: number;
  to: number;
  page: number;
}

export const REPORT_PAGE = 50;

export const promoKeys = {
  all: ['operator', 'promo'] as const,
  campaigns: ['operator', 'promo', 'campaigns'] as const,
  report: (f: ReportFilter) => ['operator', 'promo', 'report', f] as const,
};

export const campaignsQuery = () =>
  queryOptions({
    queryKey: promoKeys.campaigns,
    queryFn: ({ signal }) => consoleFetch<PromoCampaign[]>('/promo/campaigns', { query: { limit: 100 }, signal }),
  });

export const reportQuery = (f: ReportFilter) =>
  queryOptions({
    queryKey: promoKeys.report(f),
    queryFn: ({ signal }) =>
      consoleFetch<PromoReport>('/promo/redemptions', {
        query: {
          from: f.from,
          to: f.to,
          campaign_id: f.campaignId || undefined,
          limit: REPORT_PAGE,
          offset: (f.page - 1) * REPORT_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const createCampaign = (fields: CampaignFields) => consoleFetch<PromoCampaign>('/promo/campaigns', { method: 'POST', body: fields });

export const disableCampaign = (id: number) => consoleFetch<PromoCampaign>(`/promo/campaigns/${id}/disable`, { method: 'POST' });

/** The address of a campaign's keys as CSV (a plain download: the session cookie goes with it). */
export const keysCsvUrl = (id: number) => `/v2/operator/promo/campaigns/${id}/keys.csv`;
