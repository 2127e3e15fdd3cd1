import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fakeServer';
import { queryOf, renderConsole, sessionFixture } from '../test/harness';
import type { DashboardSeries, WatchingNow } from './api';
import { seriesView } from './model';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const now: WatchingNow = {
  viewers: 1234,
  by_channel: [
    { id: 1, name: 'Первый', viewers: 800 },
    { id: 2, name: 'Спорт', viewers: 300 },
  ],
  by_content: [],
  at: 1_800_000_000,
};

const DAY = 86400;
const d0 = 1_799_971_200; // a UTC midnight
const point = (i: number, active: number, churn: number, revenue = true) => ({
  start: d0 + i * DAY,
  sign_ups: i * 2,
  ...(revenue ? { revenue: i === 2 ? [{ currency: 'RUB', amount: 49_900 }] : [] } : {}),
  active_subscriptions: [
    { packet_id: 1, name: 'Базовый', count: active },
    { packet_id: 2, name: 'Кино', count: 2 },
  ],
  churn,
  watch_hours: i * 1.5,
});

const series = (revenue = true): DashboardSeries => ({
  bucket: 'day',
  from: d0,
  to: d0 + 4 * DAY,
  counted_at: d0 + 3 * DAY,
  // The first point only gives the subscriptions active at the start of the second.
  points: [point(0, 18, 0, revenue), point(1, 16, 5, revenue), point(2, 18, 1, revenue), point(3, 18, 0, revenue)],
});

describe('dashboard', () => {
  it('shows who watches now and refreshes it every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/dashboard/now': [() => ({ body: now }), () => ({ body: { ...now, viewers: 1300 } })],
      'GET /v2/operator/dashboard/series': () => ({ body: series() }),
    });
    renderConsole('/operator/dashboard');
    const section = await screen.findByRole('region', { name: 'Watching now' });
    await within(section).findByText(/1,234/);
    const channels = within(section).getByRole('table', { name: 'By channel' });
    expect(within(channels).getByRole('rowheader', { name: 'Первый' })).toBeTruthy();
    expect(within(section).getByRole('table', { name: 'By content' }).textContent).toContain('Nobody is watching.');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await within(section).findByText(/1,300/);
    expect(server.calls.filter((c) => c.path === '/v2/operator/dashboard/now').length).toBeGreaterThanOrEqual(2);
  });

  it('draws sign-ups, revenue, subscriptions and churn with their numbers, by period', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/dashboard/now': () => ({ body: now }),
      'GET /v2/operator/dashboard/series': () => ({ body: series() }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/dashboard');
    for (const name of ['Sign-ups', 'Revenue', 'Active subscriptions', 'Hours watched', 'Churn']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
    }
    // Each chart says what it shows.
    const churn = screen.getByRole('region', { name: 'Churn' });
    expect(within(churn).getByRole('img').textContent).toMatch(/Churn from .+: highest 5/);
    // Churn rate: 5 ended of 20 active at the start of the step.
    await user.click(within(churn).getByText('Show the numbers: Churn'));
    const table = within(churn).getByRole('table', { name: 'Churn' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]!.textContent).toContain('5');
    expect(rows[1]!.textContent).toContain('20');
    expect(rows[1]!.textContent).toContain('25%');
    const revenue = screen.getByRole('region', { name: 'Revenue' });
    expect(within(revenue).getByRole('img').textContent).toContain('499');

    // A week by days by default; the last day by hours.
    expect(queryOf(server.fetchMock, '/v2/operator/dashboard/series').get('bucket')).toBe('day');
    await user.click(screen.getByRole('radio', { name: 'Last day' }));
    await waitFor(() => expect(queryOf(server.fetchMock, '/v2/operator/dashboard/series', 1).get('bucket')).toBe('hour'));
  });

  it('leaves revenue out when the role does not read money', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/dashboard/now': () => ({ body: now }),
      'GET /v2/operator/dashboard/series': () => ({ body: series(false) }),
    });
    renderConsole('/operator/dashboard');
    expect(await screen.findByRole('heading', { name: 'Churn' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Revenue' })).toBeNull();
  });
});

describe('series view', () => {
  it('counts churn against the subscriptions active at each step start', () => {
    const v = seriesView(series());
    expect(v.starts).toEqual([d0 + DAY, d0 + 2 * DAY, d0 + 3 * DAY]);
    expect(v.activeAtStart).toEqual([20, 18, 20]);
    expect(v.churn).toEqual([5, 1, 0]);
    expect(v.churnRate).toEqual([0.25, 1 / 18, 0]);
    expect(v.active.map((s) => [s.name, s.values])).toEqual([
      ['Базовый', [16, 18, 18]],
      ['Кино', [2, 2, 2]],
    ]);
    expect(v.revenue).toEqual([{ currency: 'RUB', values: [0, 49_900, 0] }]);
    expect(v.watchHours).toEqual([1.5, 3, 4.5]);
  });
});
