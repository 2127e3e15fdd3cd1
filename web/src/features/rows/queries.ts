import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/shared/api';
import { useSession } from '@/shared/session';
import { fetchRow, fetchRowset, fetchRowsets, type RowParams } from './api';
import { firstVisitData, takeFirstVisit } from './early';
import { menuPagesFrom } from './rules/menu';

// TanStack Query keys and hooks of the rows area. Every key carries the token: rows are
// the viewer's (child limits, history, favourites, packets already owned).

export type Token = string | null;

/** Spec 7: short-lived client caching of catalogue answers. */
export const ROWS_STALE_MS = 60_000;

export const rowKeys = {
  all: ['rows'] as const,
  rowsets: (token: Token) => [...rowKeys.all, 'rowsets', token] as const,
  rowset: (ref: string, token: Token) => [...rowKeys.all, 'rowset', ref, token] as const,
  row: (ref: string, params: RowParams, token: Token) => [...rowKeys.all, 'row', ref, params, token] as const,
  pages: (ref: string, params: RowParams, token: Token) => [...rowKeys.all, 'pages', ref, params, token] as const,
};

/** 404s are answers (the not-found page), not failures worth retrying. */
export const retry = (failures: number, error: unknown) => !(isApiError(error) && error.status < 500 && error.status > 0) && failures < 2;

/**
 * A rowset page. `newGuest`: the viewer is the guest the start-up has just created, who may
 * take the start page asked for during the start-up (early.ts).
 */
export const rowsetQuery = (ref: string, token: Token, newGuest = false) =>
  queryOptions({
    queryKey: rowKeys.rowset(ref, token),
    queryFn: async ({ signal }) => (newGuest ? await takeFirstVisit(ref) : null) ?? fetchRowset(ref, { signal }),
    staleTime: ROWS_STALE_MS,
    retry,
  });

export const menuPagesQuery = (token: Token) =>
  queryOptions({
    queryKey: rowKeys.rowsets(token),
    queryFn: async ({ signal }) => menuPagesFrom(await fetchRowsets({ signal })),
    staleTime: 5 * ROWS_STALE_MS,
    retry,
  });

export const rowQuery = (ref: string, params: RowParams, token: Token) =>
  queryOptions({
    queryKey: rowKeys.row(ref, params, token),
    queryFn: ({ signal }) => fetchRow(ref, params, { signal }),
    staleTime: ROWS_STALE_MS,
    retry,
  });

export function useRowset(ref: string | null | undefined) {
  const { token, isLogged, profile } = useSession();
  const newGuest = !isLogged && profile?.role !== 'child';
  const enabled = !!ref && token !== null;
  return useQuery({
    ...rowsetQuery(ref ?? '', token, newGuest),
    enabled,
    // A first visit's start page, already in: the first render draws it (no skeleton pass).
    initialData: () => (enabled && newGuest && ref ? firstVisitData(ref) : undefined),
  });
}

export function useRow(ref: string | number | null | undefined, params: RowParams, enabled = true) {
  const { token } = useSession();
  return useQuery({ ...rowQuery(String(ref ?? ''), params, token), enabled: enabled && ref != null && ref !== '' && token !== null });
}

/** The header's menu pages (spec "Header"). */
export function useMenuPages() {
  const { token } = useSession();
  return useQuery({ ...menuPagesQuery(token), enabled: token !== null });
}

