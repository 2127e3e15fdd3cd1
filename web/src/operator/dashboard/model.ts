import type { DashboardSeries } from './api';

// The series as the charts draw them: the first point only gives the subscriptions active
// at the start of the second (churn rate), the rest are shown.

export interface Stack {
  key: string;
  name: string;
  values: number[];
}

export interface SeriesView {
  bucket: 'hour' | 'day';
  starts: number[];
  signUps: number[];
  /** Minor units per currency, the currency with the most first. */
  revenue: { currency: string; values: number[] }[] | null;
  /** Active subscriptions at each bucket's end, one stack per packet in the viewers' order. */
  active: Stack[];
  churn: number[];
  /** Subscriptions active at each bucket's start (the end of the bucket before). */
  activeAtStart: number[];
  /** churn / activeAtStart, null where nothing was active. */
  churnRate: (number | null)[];
  /** Hours watched (day steps only), else null. */
  watchHours: number[] | null;
}

const total = (counts: { count: number }[]) => counts.reduce((s, c) => s + c.count, 0);

export function seriesView(s: DashboardSeries): SeriesView {
  const all = s.points;
  const shown = all.slice(1);
  const packets = new Map<number, Stack>();
  shown.forEach((p, i) => {
    for (const c of p.active_subscriptions) {
      let stack = packets.get(c.packet_id);
      if (!stack) {
        stack = { key: String(c.packet_id), name: c.name, values: new Array<number>(shown.length).fill(0) };
        packets.set(c.packet_id, stack);
      }
      stack.values[i] = c.count;
    }
  });
  const hasRevenue = all.some((p) => p.revenue !== undefined);
  let revenue: SeriesView['revenue'] = null;
  if (hasRevenue) {
    const byCurrency = new Map<string, number[]>();
    shown.forEach((p, i) => {
      for (const m of p.revenue ?? []) {
        let values = byCurrency.get(m.currency);
        if (!values) {
          values = new Array<number>(shown.length).fill(0);
          byCurrency.set(m.currency, values);
        }
        values[i] = m.amount;
      }
    });
    const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
    revenue = [...byCurrency].map(([currency, values]) => ({ currency, values })).sort((a, b) => sum(b.values) - sum(a.values));
  }
  const activeAtStart = shown.map((_, i) => total(all[i]?.active_subscriptions ?? []));
  const churn = shown.map((p) => p.churn);
  return {
    bucket: s.bucket,
    starts: shown.map((p) => p.start),
    signUps: shown.map((p) => p.sign_ups),
    revenue,
    active: [...packets.values()],
    churn,
    activeAtStart,
    watchHours: shown.some((p) => p.watch_hours !== undefined) ? shown.map((p) => p.watch_hours ?? 0) : null,
    churnRate: churn.map((n, i) => {
      const base = activeAtStart[i] ?? 0;
      return base > 0 ? n / base : null;
    }),
  };
}

/** A bucket's start as its label: the hour for hour buckets, the date for day buckets. */
export function bucketLabel(start: number, bucket: 'hour' | 'day', lng: string): string {
  const d = new Date(start * 1000);
  return bucket === 'hour'
    ? new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit' }).format(d)
    : new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short' }).format(d);
}
