import type { components } from '@/shared/api/schema';

// Wire types of the promo calls (spec 3 "Promo data"), generated from api/openapi.yaml.

type S = components['schemas'];

export type PromoData = S['PromoData'];
export type PacketBrief = S['PacketBrief'];
export type Card = S['Card'];
