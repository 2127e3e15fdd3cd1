import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api/schema';
import { consoleFetch } from '../api/client';
import { dashboardKeys, type Period } from './api';

// The panel of the viewer's pages' analytics (GET /v2/operator/dashboard/events).

export type DashboardEvents = components['schemas']['DashboardEvents'];
export type EventKind = keyof DashboardEvents['days'][number]['by_kind'];

export const EVENT_KINDS: readonly EventKind[] = ['page', 'event', 'playback_start', 'playback_update', 'watch_5min', 'playback_error', 'ad'];

/** Days the panel shows for each period of the dashboard. */
export const PERIOD_DAYS: Record<Period, number> = { day: 1, week: 7, month: 30 };

export const eventsQuery = (period: Period, nowSeconds: () => number = () => Math.floor(Date.now() / 1000)) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'events', period] as const,
    queryFn: ({ signal }) => {
      const to = nowSeconds();
      const dayStart = to - (to % 86400);
      return consoleFetch<DashboardEvents>('/dashboard/events', { signal, query: { from: dayStart - (PERIOD_DAYS[period] - 1) * 86400, to } });
    },
    staleTime: 60_000,
  });
