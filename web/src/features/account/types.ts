import type { components } from '@/shared/api/schema';

// Wire types of the account's money calls, generated from api/openapi.yaml and named
// after the spec's entities (section 3: User packet, Period option, Transaction, Card).

type S = components['schemas'];

export type UserPacket = S['UserPacket'];
export type UserPacketState = UserPacket['state'];
export type SubscriptionActions = S['SubscriptionActions'];
export type Packet = S['Packet'];
export type PeriodOption = S['PeriodOption'];
export type Card = S['Card'];
export type Transaction = S['Transaction'];
export type LedgerEntry = S['LedgerEntry'];
