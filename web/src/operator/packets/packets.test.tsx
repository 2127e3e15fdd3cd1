import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { PERMISSIONS, renderConsole, sessionFixture, staffFixture, where } from '../test/harness';
import type { ConsolePacket, PacketChoices } from './api';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = sessionFixture();
const finance = sessionFixture({ staff: staffFixture({ role: 'finance' }), permissions: PERMISSIONS.finance });

const rows = [
  { id: 1, name: 'Basic', short: 'base-1', is_base: true, is_free: false, is_hidden: false, is_bundle: false, price: 29900, currency: 'RUB' },
  { id: 2, name: 'Sport', short: 'sport', is_base: false, is_free: false, is_hidden: true, is_bundle: false, price: 14900, currency: 'RUB' },
];

const choices: PacketChoices = {
  channels: [
    { id: 11, name: 'First', number: 1 },
    { id: 12, name: 'News', number: 2 },
  ],
  libraries: [{ id: 21, name: 'Cinema' }],
  packets: [
    { id: 1, name: 'Basic', is_base: true },
    { id: 2, name: 'Sport', is_base: false },
    { id: 7, name: 'Movies', is_base: true },
  ],
  paysystems: [
    { shortname: 'card', title: 'Bank card' },
    { shortname: 'balance', title: 'Balance' },
  ],
  currency: 'RUB',
};

const movies = (over: Partial<ConsolePacket> = {}): ConsolePacket => ({
  id: 7,
  name: 'Movies',
  short: '',
  description: '',
  is_base: true,
  is_free: false,
  on_sale: true,
  is_adult: false,
  is_bundle: false,
  sort: 3,
  trial_days: 0,
  trial_price: 0,
  currency: 'RUB',
  periods: [{ id: 70, months: 1, amount: 25000, paysystems: [], subscribers: 2, subscribers_at_other_price: 0 }],
  channel_ids: [11],
  library_ids: [],
  addon_ids: [],
  include_ids: [],
  subscribers: 2,
  ...over,
});

describe('packets', () => {
  it('lists the packets and creates one with its first price', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: owner }),
      'GET /v2/operator/packets': () => ({ body: rows }),
      'POST /v2/operator/packets': () => ({ status: 201, body: movies() }),
      'GET /v2/operator/packets/7': () => ({ body: movies() }),
      'GET /v2/operator/packet_choices': () => ({ body: choices }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/packets');
    const table = await screen.findByRole('table', { name: 'Packets of Demo Telecom' });
    expect(within(table).getByRole('row', { name: /Basic.*Base packet.*On sale/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Sport.*Add-on.*Off sale/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New packet' }));
    const form = screen.getByRole('region', { name: 'New packet' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Fill in this field')).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), 'Movies');
    await user.type(within(form).getByLabelText('Price'), '250');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await screen.findByRole('heading', { level: 1, name: 'Movies' });
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/packets')!;
    expect(call.body).toEqual({ name: 'Movies', is_base: true, periods: [{ months: 1, amount: 25000 }] });
    expect(call.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(where().pathname).toBe('/packets/7');
  });

  it('edits the details, contents and prices of a packet', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: owner }),
      'GET /v2/operator/packets/7': () => ({ body: movies() }),
      'GET /v2/operator/packet_choices': () => ({ body: choices }),
      'PATCH /v2/operator/packets/7': (c) => ({ body: movies({ ...(c.body as object) }) }),
      'POST /v2/operator/packets/7/periods': () => ({
        status: 201,
        body: movies({
          periods: [
            { id: 70, months: 1, amount: 25000, paysystems: [], subscribers: 2, subscribers_at_other_price: 0 },
            { id: 71, months: 3, amount: 70000, paysystems: ['card'], subscribers: 0, subscribers_at_other_price: 0 },
          ],
        }),
      }),
      'PATCH /v2/operator/packets/7/periods/70': () => ({
        body: movies({ periods: [{ id: 70, months: 1, amount: 30000, paysystems: [], subscribers: 2, subscribers_at_other_price: 2 }] }),
      }),
      'POST /v2/operator/packets/7/periods/70/apply_price': () => ({
        body: movies({ periods: [{ id: 70, months: 1, amount: 30000, paysystems: [], subscribers: 2, subscribers_at_other_price: 0 }] }),
      }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/packets/7');
    await screen.findByRole('heading', { level: 1, name: 'Movies' });

    // Details and contents: one Save.
    const details = screen.getByRole('region', { name: 'Details and contents' });
    await user.clear(within(details).getByLabelText('Name'));
    await user.type(within(details).getByLabelText('Name'), 'Movies HD');
    await user.click(within(details).getByRole('checkbox', { name: '2. News' }));
    await user.click(within(details).getByRole('checkbox', { name: 'Cinema' }));
    await user.click(within(within(details).getByRole('group', { name: /^Add-ons offered/ })).getByRole('checkbox', { name: 'Sport' }));
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await within(details).findByText('Saved. Viewers see the change at once.')).toBeTruthy();
    const patch = server.calls.find((c) => c.method === 'PATCH' && c.path === '/v2/operator/packets/7')!;
    expect(patch.body).toMatchObject({ name: 'Movies HD', is_base: true, on_sale: true, channel_ids: [11, 12], library_ids: [21], addon_ids: [2], include_ids: [] });

    // A new price sold by card only.
    const prices = screen.getByRole('region', { name: 'Prices' });
    const add = within(prices).getByRole('form', { name: 'Add a price' });
    expect((within(add).getByLabelText('Period (months)') as HTMLInputElement).value).toBe('3');
    await user.type(within(add).getByLabelText('Price'), '700');
    await user.click(within(add).getByRole('checkbox', { name: 'Bank card' }));
    await user.click(within(add).getByRole('button', { name: 'Add price' }));
    expect(await within(prices).findByRole('rowheader', { name: '3 months' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/v2/operator/packets/7/periods')!.body).toEqual({ months: 3, amount: 70000, paysystems: ['card'] });

    // The price goes up for new purchases; subscribers keep theirs until it is applied.
    await user.click(within(prices).getByRole('button', { name: 'Change the price for 1 month' }));
    const change = within(prices).getByLabelText('New price for 1 month');
    await user.clear(change);
    await user.type(change, '300');
    await user.click(within(prices).getByRole('button', { name: 'Save' }));
    expect(await within(prices).findByText('(2 at older prices)')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PATCH' && c.path === '/v2/operator/packets/7/periods/70')!.body).toEqual({ amount: 30000, paysystems: [] });

    await user.click(within(prices).getByRole('button', { name: 'Apply the price for 1 month to subscribers' }));
    const confirm = within(prices).getByRole('group', { name: 'Apply the price for 1 month to subscribers' });
    expect(within(confirm).getByText(/Charge 2 subscribers/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Apply to subscribers' }));
    await waitFor(() => expect(within(prices).queryByText('(2 at older prices)')).toBeNull());
    expect(server.routes()).toContain('POST /v2/operator/packets/7/periods/70/apply_price');
    expect(within(prices).getByRole('status').textContent).toBe('The new price for 1 month now applies to its subscribers.');
  });

  it('shows a packet read-only to finance', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: finance }),
      'GET /v2/operator/packets/7': () => ({ body: movies() }),
      'GET /v2/operator/packet_choices': () => ({ body: choices }),
    });
    renderConsole('/operator/packets/7');
    await screen.findByRole('heading', { level: 1, name: 'Movies' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add price' })).toBeNull();
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
    expect(screen.getByRole('rowheader', { name: '1 month' })).toBeTruthy();
  });
});
