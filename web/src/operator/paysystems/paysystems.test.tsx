import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { PERMISSIONS, renderConsole, sessionFixture } from '../test/harness';
import type { PaySystemsPage } from './api';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = sessionFixture({ permissions: [...PERMISSIONS.owner, 'paysystems.write'] });

const ps = (shortname: string, title: string, kind: string, enabled = true) => ({
  shortname,
  kind,
  title,
  how_to_use: '',
  how_to_use_packet: '',
  button_text: '',
  skip_parental_control: false,
  enabled,
  online: kind !== 'provider_account' && kind !== 'info',
});

const page = (over: Partial<PaySystemsPage['gateway']> = {}, list = [ps('balance', 'Balance', 'provider_account'), ps('card', 'Bank card', 'short_url'), ps('office', 'At the office', 'info')]): PaySystemsPage => ({
  gateway: { gateway: 'yookassa', credentials_set_at: '2026-03-01T10:00:00Z', credentials_in_settings: false, ...over },
  paysystems: list,
});

describe('pay systems', () => {
  it('never shows saved credentials and replaces them', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: owner }),
      'GET /v2/operator/paysystems': () => ({ body: page() }),
      'POST /v2/operator/gateway': () => ({ body: page({ credentials_set_at: '2026-03-02T10:00:00Z' }) }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/paysystems');
    const gateway = await screen.findByRole('region', { name: 'Payment gateway' });
    expect(within(gateway).getByText(/^Credentials set on /)).toBeTruthy();
    expect(within(gateway).queryByLabelText('Secret key')).toBeNull();
    expect((within(gateway).getByLabelText('Gateway') as HTMLSelectElement).value).toBe('yookassa');

    await user.click(within(gateway).getByRole('button', { name: 'Replace credentials' }));
    await user.click(within(gateway).getByRole('button', { name: 'Save gateway' }));
    expect(within(gateway).getByText('Type both the shop ID and the secret key.')).toBeTruthy();
    await user.type(within(gateway).getByLabelText('Shop ID'), '506751');
    const secret = within(gateway).getByLabelText('Secret key') as HTMLInputElement;
    expect(secret.type).toBe('password');
    await user.type(secret, 'test_secret');
    await user.click(within(gateway).getByRole('button', { name: 'Save gateway' }));
    expect(await within(gateway).findByText('The gateway was saved. Payments use it at once.')).toBeTruthy();
    expect(within(gateway).queryByLabelText('Secret key')).toBeNull();
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/gateway')!;
    expect(call.body).toEqual({ gateway: 'yookassa', shop_id: '506751', secret_key: 'test_secret' });
    expect(call.headers['X-CSRF-Token']).toBe('csrf-1');
    // Switching to the sandbox asks for nothing.
    await user.selectOptions(within(gateway).getByLabelText('Gateway'), 'Sandbox (test payments)');
    expect(within(gateway).queryByLabelText('Shop ID')).toBeNull();
  });

  it('switches a pay system off, edits its texts, orders and adds them', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: owner }),
      'GET /v2/operator/paysystems': () => ({ body: page() }),
      'PATCH /v2/operator/paysystems/office': (c) => ({
        body: page({}, [ps('balance', 'Balance', 'provider_account'), ps('card', 'Bank card', 'short_url'), { ...ps('office', 'At the office', 'info', false), ...(c.body as object) }]),
      }),
      'PATCH /v2/operator/paysystems': () => ({ body: page({}, [ps('card', 'Bank card', 'short_url'), ps('balance', 'Balance', 'provider_account'), ps('office', 'At the office', 'info')]) }),
      'POST /v2/operator/paysystems': () => ({ status: 201, body: page({}, [ps('balance', 'Balance', 'provider_account'), ps('card', 'Bank card', 'short_url'), ps('office', 'At the office', 'info'), ps('kiosk', 'Kiosk', 'info')]) }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/paysystems');
    const table = await screen.findByRole('table', { name: 'Pay systems of Demo Telecom' });

    await user.click(within(table).getByRole('button', { name: 'Edit At the office' }));
    const form = within(table).getByRole('form', { name: 'Edit At the office' });
    await user.type(within(form).getByLabelText('How to pay'), 'Pay at any office.');
    await user.click(within(form).getByRole('checkbox', { name: 'Offered to viewers' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(table).findByRole('row', { name: /At the office.*Off/ })).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PATCH' && c.path === '/v2/operator/paysystems/office')!.body).toMatchObject({
      how_to_use: 'Pay at any office.',
      enabled: false,
    });

    expect((within(table).getByRole('button', { name: 'Move Balance up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(table).getByRole('button', { name: 'Move Balance down' }));
    await waitFor(() => expect(server.routes()).toContain('PATCH /v2/operator/paysystems'));
    expect(server.calls.find((c) => c.method === 'PATCH' && c.path === '/v2/operator/paysystems')!.body).toEqual({ order: ['card', 'balance', 'office'] });

    const add = screen.getByRole('region', { name: 'New pay system' });
    await user.type(within(add).getByLabelText('Title'), 'Kiosk');
    await user.type(within(add).getByLabelText('Short name'), 'kiosk');
    await user.selectOptions(within(add).getByLabelText('Kind'), 'Instructions only');
    await user.click(within(add).getByRole('button', { name: 'Add pay system' }));
    expect(await within(table).findByRole('rowheader', { name: /Kiosk/ })).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/paysystems')!.body).toEqual({ shortname: 'kiosk', kind: 'info', title: 'Kiosk' });
  });
});
