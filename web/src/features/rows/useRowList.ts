import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '@/shared/session';
import { fetchRow, type RowParams } from './api';
import { retry, rowKeys, ROWS_STALE_MS, type Token } from './queries';
import { mergeRowPages, nextPage, type PageParam } from './rules/pages';
import { LOAD_STUCK_MS } from './rules/sizes';
import type { Row } from './types';

/**
 * A row page by page (spec 4 "Slider and row loading"): no more pages once a batch comes
 * back shorter than its limit. `first` is the first page's limit; `next` gives the later
 * pages' limit from the first answer (the template's page size, or the filter page's 50).
 */
export const rowPagesQuery = (ref: string, params: RowParams, token: Token, first: number, next: (firstPage: Row) => number) =>
  infiniteQueryOptions({
    queryKey: rowKeys.pages(ref, { ...params, limit: first }, token),
    queryFn: ({ signal, pageParam }) => fetchRow(ref, { ...params, offset: pageParam.offset, limit: pageParam.limit }, { signal }),
    initialPageParam: { offset: 0, limit: first } as PageParam,
    getNextPageParam: (last: Row, all: Row[], param: PageParam) => nextPage(last, param, next(all[0] ?? last)),
    staleTime: ROWS_STALE_MS,
    retry,
  });

export interface RowListOptions {
  /** Limit of the first page. */
  first: number;
  /** Limit of the later pages, from the first answer. */
  next: (first: Row) => number;
  /** How far below the viewport the next page starts loading (px). */
  margin: number;
  enabled?: boolean;
}

/**
 * A row's full list with infinite scroll (spec 4 "Slider and row loading", 9 paging): the
 * next page loads when the sentinel comes within `margin` px of the viewport; no more once a
 * batch is shorter than its limit; a load still running after 10 s is cancelled and the
 * list offers to try again; a page shorter than the screen loads on by itself.
 */
export function useRowList(ref: string, params: RowParams, { first, next, margin, enabled = true }: RowListOptions) {
  const { token } = useSession();
  const client = useQueryClient();
  const options = rowPagesQuery(ref, params, token, first, next);
  const query = useInfiniteQuery({ ...options, enabled: enabled && !!ref && token !== null });
  const sentinel = useRef<HTMLDivElement>(null);
  const [stuck, setStuck] = useState(false);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetching } = query;
  const canLoad = hasNextPage && !isFetchingNextPage && !stuck && !query.isFetchNextPageError;

  const loadMore = useCallback(() => {
    if (canLoad) void fetchNextPage();
  }, [canLoad, fetchNextPage]);

  // The sentinel: near the viewport -> the next page.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !canLoad) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: `0px 0px ${margin}px 0px` });
    observer.observe(el);
    return () => observer.disconnect();
  }, [canLoad, loadMore, margin, query.data?.pages.length]);

  // Spec 4: a load stuck for 10 s is forced to finish.
  useEffect(() => {
    if (!isFetching) return;
    const timer = setTimeout(() => {
      void client.cancelQueries({ queryKey: options.queryKey });
      setStuck(true);
    }, LOAD_STUCK_MS);
    return () => clearTimeout(timer);
  }, [isFetching, client, options.queryKey]);

  const retry = useCallback(() => {
    setStuck(false);
    if (query.data) void fetchNextPage();
    else void query.refetch();
  }, [fetchNextPage, query]);

  const row = useMemo(() => mergeRowPages(query.data?.pages ?? []), [query.data]);
  return { query, row, sentinel, stuck, retry, hasMore: !!hasNextPage, loadingMore: isFetchingNextPage };
}
