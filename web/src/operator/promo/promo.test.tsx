import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { packetRow } from '../test/cardFixtures';
import { renderConsole, sessionFixture } from '../test/harness';
import type { PromoCampaign, PromoReport } from './api';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WRITE = ['promo.read', 'promo.write', 'packets.read', 'subscribers.read'];

const campaign = (o: Partial<PromoCampaign> = {}): PromoCampaign => ({
  id: 3,
  name: 'Spring',
  kind: 'days',
  days: 30,
  packet_ids: [5],
  amount: 0,
  currency: '',
  description: '',
  starts_at: 0,
  expires_at: 0,
  uses_per_key: 1,
  per_user_limit: 0,
  total_limit: 0,
  disabled: false,
  disabled_at: 0,
  keys: 1000,
  used_keys: 12,
  redemptions: 12,
  created_at: 1_767_225_600,
  ...o,
});

const report = (o: Partial<PromoReport> = {}): PromoReport => ({
  total: 1,
  days: [{ day: '2026-01-01', count: 1 }],
  campaigns: [{ id: 3, name: 'Spring', count: 1 }],
  items: [{ key: 'ABCD2345EFGH', campaign_id: 3, campaign_name: 'Spring', kind: 'days', user_id: 42, login: 'ivan42', phone: '', created_at: 1_767_225_600 }],
  ...o,
});

const routes = (permissions: string[], list: PromoCampaign[] = [campaign()]) => ({
  'GET /v2/operator/me': () => ({ body: sessionFixture({ permissions }) }),
  'GET /v2/operator/promo/campaigns': () => ({ body: list }),
  'GET /v2/operator/promo/redemptions': () => ({ body: report() }),
  'GET /v2/operator/packets': () => ({ body: [packetRow(), packetRow({ id: 6, name: 'Kino' })] }),
});

describe('promo campaigns', () => {
  it('lists campaigns with their keys, the CSV export and the redemption report', async () => {
    fakeServer(routes(WRITE));
    renderConsole('/operator/promo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Promo campaigns' }, { timeout: 5000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Promo campaigns, newest first' }, { timeout: 5000 });
    const row = within(table).getByRole('row', { name: /Spring/ });
    expect(row.textContent).toContain('12 of 1000');
    expect(row.textContent).toContain('30 days of packets');
    expect(within(row).getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/v2/operator/promo/campaigns/3/keys.csv');
    expect((await screen.findByTestId('redemptions-total')).textContent).toBe('1 redemption in the period.');
    const items = screen.getByRole('table', { name: 'Redemptions, newest first' });
    expect(within(items).getByRole('link', { name: 'ivan42' }).getAttribute('href')).toBe('/operator/subscribers/42');
  });

  it('generates keys of a new campaign', async () => {
    const made = campaign({ id: 4, name: 'Gift', kind: 'balance', amount: 50000, currency: 'RUB', keys: 500 });
    const server = fakeServer({ ...routes(WRITE), 'POST /v2/operator/promo/campaigns': () => ({ status: 201, body: made }) });
    const user = userEvent.setup();
    renderConsole('/operator/promo');
    await user.click(await screen.findByRole('button', { name: 'New campaign' }, { timeout: 5000 }));
    await user.type(screen.getByLabelText('Campaign name'), 'Gift');
    await user.click(screen.getByRole('radio', { name: 'Money on the balance' }));
    await user.type(screen.getByLabelText('Amount'), '500');
    const count = screen.getByLabelText('Number of keys');
    await user.clear(count);
    await user.type(count, '500');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Campaign “Gift” is ready with 500 keys.')).toBeTruthy();
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/promo/campaigns')!;
    expect(call.body).toEqual({
      name: 'Gift',
      kind: 'balance',
      amount: 50000,
      count: 500,
      description: '',
      uses_per_key: 1,
      per_user_limit: 0,
      total_limit: 0,
      starts_at: 0,
      expires_at: 0,
    });
    expect(call.headers['X-CSRF-Token']).toBe('csrf-1');
  });

  it('asks for what is missing before sending anything', async () => {
    const server = fakeServer(routes(WRITE));
    const user = userEvent.setup();
    renderConsole('/operator/promo');
    await user.click(await screen.findByRole('button', { name: 'New campaign' }, { timeout: 5000 }));
    const count = screen.getByLabelText('Number of keys');
    await user.clear(count);
    await user.type(count, '100001');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByText("Enter the campaign's name.")).toBeTruthy();
    expect(screen.getByText('Enter a number of keys from 1 to 100 000.')).toBeTruthy();
    expect(screen.getByText('Choose at least one packet.')).toBeTruthy();
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(server.routes()).not.toContain('POST /v2/operator/promo/campaigns');
  });

  it('disables a campaign after asking', async () => {
    const server = fakeServer({
      ...routes(WRITE),
      'POST /v2/operator/promo/campaigns/3/disable': () => ({ body: campaign({ disabled: true, disabled_at: 1 }) }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/promo');
    const table = await screen.findByRole('table', { name: 'Promo campaigns, newest first' }, { timeout: 5000 });
    await user.click(within(table).getByRole('button', { name: 'Disable' }));
    const confirm = screen.getByRole('group', { name: 'Disable Spring' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Campaign “Spring” is disabled: its keys no longer work.')).toBeTruthy();
    await waitFor(() => expect(server.routes()).toContain('POST /v2/operator/promo/campaigns/3/disable'));
  });

  it('shows finance the campaigns but nothing that changes them', async () => {
    fakeServer(routes(['promo.read', 'subscribers.read']));
    renderConsole('/operator/promo');
    await screen.findByRole('table', { name: 'Promo campaigns, newest first' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });
});
