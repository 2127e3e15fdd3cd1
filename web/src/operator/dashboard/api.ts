import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';

// The dashboard's two calls (dashboard.read; revenue only with money.read).

type Schemas = components['schemas'];
export type WatchingNow = Schemas['DashboardNow'];
export type DashboardSeries = Schemas['DashboardSeries'];
export type DashboardPoint = Schemas['DashboardPoint'];

export type Period = 'day' | 'week' | 'month';
export const PERIODS: readonly Period[] = ['day', 'week', 'month'];

/** "Watching now" is asked again this often. */
export const NOW_REFRESH_MS = 30_000;

/** Each period: its bucket size and how many buckets it shows. */
export const PERIOD_BUCKETS: Record<Period, { bucket: 'hour' | 'day'; size: number; count: number }> = {
  day: { bucket: 'hour', size: 3600, count: 24 },
  week: { bucket: 'day', size: 86400, count: 7 },
  month: { bucket: 'day', size: 86400, count: 30 },
};

export const dashboardKeys = {
  all: ['operator', 'dashboard'] as const,
  now: () => [...dashboardKeys.all, 'now'] as const,
  series: (period: Period) => [...dashboardKeys.all, 'series', period] as const,
};

export const watchingNowQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.now(),
    queryFn: ({ signal }) => consoleFetch<WatchingNow>('/dashboard/now', { signal }),
    refetchInterval: NOW_REFRESH_MS,
  });

/**
 * The period's buckets up to now, and one bucket more before them: the churn rate of the
 * first shown bucket needs the subscriptions active at its start (the end of the one before).
 */
export const seriesQuery = (period: Period, nowSeconds: () => number = () => Math.floor(Date.now() / 1000)) =>
  queryOptions({
    queryKey: dashboardKeys.series(period),
    queryFn: ({ signal }) => {
      const { bucket, size, count } = PERIOD_BUCKETS[period];
      const to = nowSeconds();
      return consoleFetch<DashboardSeries>('/dashboard/series', { signal, query: { bucket, from: to - count * size, to } });
    },
    staleTime: 60_000,
  });
