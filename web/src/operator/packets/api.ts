import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';
import type { PacketRow } from '../api/types';

type Schemas = components['schemas'];

export type ConsolePacket = Schemas['ConsolePacket'];
export type ConsolePeriod = Schemas['ConsolePeriod'];
export type PacketInput = Schemas['ConsolePacketInput'];
export type PeriodInput = Schemas['ConsolePeriodInput'];
export type PacketChoices = Schemas['ConsolePacketChoices'];
export type Choice = Schemas['ConsoleChoice'];

// The list's key is the one the subscriber card's grant form reads too: a change here
// refreshes both.
export const packetKeys = {
  all: ['operator', 'packets'] as const,
  detail: (id: string) => ['operator', 'packets', 'detail', id] as const,
  choices: ['operator', 'packet-choices'] as const,
};

export const packetListQuery = () =>
  queryOptions({
    queryKey: packetKeys.all,
    queryFn: ({ signal }) => consoleFetch<PacketRow[]>('/packets', { signal }),
  });

export const packetQuery = (id: string) =>
  queryOptions({
    queryKey: packetKeys.detail(id),
    queryFn: ({ signal }) => consoleFetch<ConsolePacket>(`/packets/${encodeURIComponent(id)}`, { signal }),
  });

export const choicesQuery = () =>
  queryOptions({
    queryKey: packetKeys.choices,
    queryFn: ({ signal }) => consoleFetch<PacketChoices>('/packet_choices', { signal }),
  });

export const createPacket = (body: PacketInput & { name: string }) =>
  consoleFetch<ConsolePacket>('/packets', { method: 'POST', body });

export const patchPacket = ({ id, ...body }: PacketInput & { id: number }) =>
  consoleFetch<ConsolePacket>(`/packets/${id}`, { method: 'PATCH', body });

export const addPeriod = ({ packetId, ...body }: PeriodInput & { packetId: number }) =>
  consoleFetch<ConsolePacket>(`/packets/${packetId}/periods`, { method: 'POST', body });

export const changePeriod = ({ packetId, periodId, ...body }: { packetId: number; periodId: number; amount?: number; paysystems?: string[] }) =>
  consoleFetch<ConsolePacket>(`/packets/${packetId}/periods/${periodId}`, { method: 'PATCH', body });

export const withdrawPeriod = ({ packetId, periodId }: { packetId: number; periodId: number }) =>
  consoleFetch<ConsolePacket>(`/packets/${packetId}/periods/${periodId}`, { method: 'DELETE' });

export const applyPrice = ({ packetId, periodId }: { packetId: number; periodId: number }) =>
  consoleFetch<ConsolePacket>(`/packets/${packetId}/periods/${periodId}/apply_price`, { method: 'POST' });

/** A price the staff member types ("299", "299,50") as minor units; 0 is a price too. */
export function readPrice(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f']/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const minor = Math.round(Number(s) * 100);
  return Number.isSafeInteger(minor) && minor <= 10_000_000_000 ? minor : null;
}

/** Minor units as a price field's text (always a number, "0" too). */
export function priceText(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}
