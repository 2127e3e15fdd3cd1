import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import type { SubscriberCard, SubscriberRow } from '../api/types';
import { queryOf, renderConsole, sessionFixture, where } from '../test/harness';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (o: Partial<SubscriberRow> = {}): SubscriberRow => ({
  id: 42,
  username: 'ivan42',
  phone: '79161234567',
  email: 'ivan@example.com',
  first_name: 'Ivan',
  created_at: '2025-11-02T08:00:00Z',
  blocked: false,
  ...o,
});

const card = (o: Partial<SubscriberCard> = {}): SubscriberCard => ({
  subscriber: row(),
  profiles: [
    { id: 1, name: 'Ivan', role: 'adult' },
    { id: 2, name: 'Masha', role: 'child' },
  ],
  devices: [{ id: 7, serial: 'web-5f2c', device_type: 'pc', created_at: '2025-11-02T08:00:00Z' }],
  subscriptions: [
    { id: 9, packet_id: 5, packet_name: 'Basic', type: 'paid', start_at: 1_767_225_600, end_at: 1_769_904_000, renew: true, state: 'active', resume_at: 0 },
    { id: 10, packet_id: 6, packet_name: 'Kino', type: 'trial', start_at: 1_767_225_600, end_at: 1_767_830_400, renew: false, state: 'closed', resume_at: 0 },
  ],
  account: { balance: 123450, currency: 'RUB' },
  ...o,
});

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

describe('subscribers', () => {
  it('finds subscribers by what was typed and opens a card from the table', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'support' } }) }),
      'GET /v2/operator/subscribers': () => ({ body: [row(), row({ id: 43, first_name: '', username: 'petr', phone: '79161234500', blocked: true })] }),
      'GET /v2/operator/subscribers/42': () => ({ body: card() }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers');
    expect(await screen.findByText(/Enter a phone number/)).toBeTruthy();
    const field = screen.getByRole('searchbox', { name: 'Find a subscriber' });
    await user.type(field, ' 7916123 ');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    const table = await screen.findByRole('table', { name: 'Subscribers matching “7916123”' });
    expect(queryOf(server.fetchMock, '/v2/operator/subscribers').get('q')).toBe('7916123');
    expect(where().search).toBe('?q=7916123');
    expect(screen.getByText('2 subscribers found')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('petr');
    expect(within(rows[1]!).getByText('Blocked')).toBeTruthy();

    await user.click(within(rows[0]!).getByRole('link', { name: 'Ivan' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriber Ivan' })).toBeTruthy();
    expect(where().pathname).toBe('/subscribers/42');
    expect(text(screen.getByTestId('balance'))).toBe('RUB 1,234.50');
    const subs = screen.getByRole('table', { name: 'Subscriptions of the subscriber' });
    const basic = within(subs).getByRole('row', { name: /Basic/ });
    expect(within(basic).getByText('Paid')).toBeTruthy();
    expect(within(basic).getByText('Active')).toBeTruthy();
    expect(within(basic).getByText('On')).toBeTruthy();
    expect(within(basic).getByText('Jan 1, 2026')).toBeTruthy();
    expect(within(within(subs).getByRole('row', { name: /Kino/ })).getByText('Ended')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Profiles of the subscriber' })).getByText('Child')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Devices of the subscriber' })).getByText('Computer')).toBeTruthy();

    // Back to the same search.
    await user.click(screen.getByRole('link', { name: '← Back to the search' }));
    expect(await screen.findByRole('table', { name: 'Subscribers matching “7916123”' })).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/subscribers': () => ({ body: [] }),
    });
    renderConsole('/operator/subscribers?q=nobody');
    expect(await screen.findByText('No subscriber matches “nobody”.')).toBeTruthy();
  });

  it('shows nothing about money without money.read (the account is null)', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ permissions: ['subscribers.read'] }) }),
      'GET /v2/operator/subscribers/42': () => ({ body: card({ account: null }) }),
    });
    renderConsole('/operator/subscribers/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriber Ivan' })).toBeTruthy();
    expect(screen.queryByTestId('balance')).toBeNull();
    expect(screen.queryByText('Account balance')).toBeNull();
    expect(document.body.textContent).not.toMatch(/RUB|₽/);
  });

  it('says when the subscriber is not there', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/subscribers/9': () => ({ status: 404, body: { error: { type: 'not_found', message: 'Not found' } } }),
    });
    renderConsole('/operator/subscribers/9');
    expect(await screen.findByText('There is no subscriber with this ID at this operator.')).toBeTruthy();
  });
});
