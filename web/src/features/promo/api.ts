import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/shared/api';
import { CACHE_MS } from '@/shared/lib/constants';
import type { Card, PromoData } from './types';

export const promoKeys = {
  info: (key: string) => ['promo', 'info', key] as const,
};

/** What a key gives, without applying it (POST check). */
export function checkPromo(key: string): Promise<PromoData> {
  return apiFetch<PromoData>('/users/self/promokeys/check', { method: 'POST', body: { key } });
}

/** Applies a key; a paid one needs a linked card (400 card_required otherwise). */
export function applyPromo(key: string): Promise<PromoData> {
  return apiFetch<PromoData>('/users/self/promokeys', { method: 'POST', body: { key } });
}

export function fetchCards(): Promise<Card[]> {
  return apiFetch<Card[]>('/users/self/cards');
}

/** The public description of a key for /promo/{id} (anyone may read it). */
export const promoInfoQuery = (key: string) =>
  queryOptions({
    queryKey: promoKeys.info(key),
    queryFn: ({ signal }) => apiFetch<PromoData>(`/promokeys/${encodeURIComponent(key)}/info`, { signal }),
    enabled: key !== '',
    staleTime: CACHE_MS.lists,
    retry: false,
  });
