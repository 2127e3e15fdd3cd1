import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fakeServer';
import { queryOf, renderConsole, sessionFixture } from '../test/harness';
import type { DashboardEvents } from './eventsApi';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const d0 = 1_799_971_200;
const day = (i: number, starts: number, errors: number) => ({
  start: d0 + i * 86400,
  by_kind: { page: 10, event: 4, playback_start: starts, playback_update: 7, watch_5min: 2, playback_error: errors, ad: 0 },
});
const events: DashboardEvents = {
  from: d0,
  to: d0 + 2 * 86400,
  days: [day(0, 3, 1), day(1, 5, 0)],
  starts_by_type: [
    { name: 'live', events: 6 },
    { name: 'vod', events: 2 },
  ],
  top_events: [{ name: 'open_channel', events: 5 }],
  by_state: [
    { name: 'guest', events: 40 },
    { name: 'full_payment', events: 12 },
  ],
};

describe('viewer analytics panel', () => {
  it('shows events by kind, playback starts and errors, and what they were', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/dashboard/now': () => ({ body: { viewers: 0, by_channel: [], by_content: [], at: d0 } }),
      'GET /v2/operator/dashboard/series': () => ({ body: { bucket: 'day', from: d0, to: d0, counted_at: d0, points: [] } }),
      'GET /v2/operator/dashboard/events': () => ({ body: events }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/dashboard');
    const panel = await screen.findByRole('region', { name: 'Viewer analytics' });
    await within(panel).findByText('55 events, 8 playback starts, 1 playback errors.');
    const imgs = within(panel).getAllByRole('img');
    expect(imgs[1]!.textContent).toMatch(/^8 playback starts and 1 playback errors./);
    expect(within(within(panel).getByRole('table', { name: 'Playback starts by type' })).getByRole('rowheader', { name: 'Live' })).toBeTruthy();
    expect(within(panel).getByRole('table', { name: 'Events by viewer state' }).textContent).toContain('Paying12');
    await user.click(within(panel).getByText('Show the numbers: Events by kind'));
    expect(within(within(panel).getByRole('table', { name: 'Events by kind' })).getAllByRole('row')).toHaveLength(3);
    // A week by default.
    const q = queryOf(server.fetchMock, '/v2/operator/dashboard/events');
    expect(Number(q.get('to')) - Number(q.get('from'))).toBeGreaterThan(6 * 86400);
  });
});
