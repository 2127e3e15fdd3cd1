import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleFetch } from '../api/client';
import type { AuditEntry } from '../api/types';

export const AUDIT_PAGE = 50;

/** The filters as the address keeps them: dates as YYYY-MM-DD in local time, pages from 1. */
export interface AuditFilters {
  q: string;
  objectType: string;
  from: string;
  to: string;
  page: number;
}

export const auditKeys = {
  all: ['operator', 'audit'] as const,
  list: (f: AuditFilters) => [...auditKeys.all, f] as const,
};

export function readFilters(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    objectType: params.get('object_type') ?? '',
    from: validDate(params.get('from')),
    to: validDate(params.get('to')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function writeFilters(f: AuditFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.q.trim()) out.q = f.q.trim();
  if (f.objectType.trim()) out.object_type = f.objectType.trim();
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.page > 1) out.page = String(f.page);
  return out;
}

function validDate(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(new Date(`${value}T00:00:00`).getTime()) ? value : '';
}

/** The start of a local day in unix seconds; `end` gives the last second of that day. */
export function dayToUnix(day: string, end = false): number {
  const start = new Date(`${day}T00:00:00`);
  if (!end) return Math.floor(start.getTime() / 1000);
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return Math.floor(next.getTime() / 1000) - 1;
}

export const auditQuery = (f: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(f),
    queryFn: ({ signal }) =>
      consoleFetch<AuditEntry[]>('/audit', {
        query: {
          q: f.q || undefined,
          object_type: f.objectType || undefined,
          from: f.from ? dayToUnix(f.from) : undefined,
          to: f.to ? dayToUnix(f.to, true) : undefined,
          limit: AUDIT_PAGE,
          offset: (f.page - 1) * AUDIT_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
