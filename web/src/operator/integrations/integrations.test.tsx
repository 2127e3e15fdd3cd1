import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { queryOf, renderConsole, sessionFixture } from '../test/harness';
import type { ApiToken, BillingCallback, BillingSettings } from './api';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = () => sessionFixture({ permissions: ['integrations.write', 'staff.read', 'audit.read'] });

const token = (over: Partial<ApiToken> = {}): ApiToken => ({
  id: 7,
  name: 'CRM',
  per_second: 10,
  per_hour: 10000,
  per_day: 100000,
  created_at: '2026-03-01T10:00:00Z',
  created_by: 'anna@demo.example',
  revoked_at: null,
  last_used_at: null,
  ...over,
});

const settings = (over: Partial<BillingSettings> = {}): BillingSettings => ({
  url: '',
  enabled: false,
  auth_fail_open: true,
  has_secret: false,
  updated_at: null,
  ...over,
});

const callback = (over: Partial<BillingCallback> = {}): BillingCallback => ({
  id: 41,
  kind: 'PACKET',
  state: 'failed',
  user_id: 12,
  idempotency_key: 'packet:u12:k1',
  attempts: 12,
  created_at: '2026-03-01T10:00:00Z',
  next_at: null,
  done_at: '2026-03-02T10:00:00Z',
  last_status: 500,
  last_answer: '',
  last_error: 'status 500: down',
  payload: '{"type":"PACKET"}',
  resendable: true,
  tries: [{ at: '2026-03-02T10:00:00Z', status: 500, answer: '', error: 'status 500: down', duration_ms: 12 }],
  ...over,
});

const base = {
  'GET /v2/operator/me': () => ({ body: session() }),
  'GET /v2/operator/integrations/log': () => ({
    body: [{ id: 1, at: '2026-03-01T10:00:00Z', token_id: 7, token_name: 'CRM', method: 'GET', path: '/provider-api/v2/users', status: 200, duration_ms: 4, ip: '10.0.0.1' }],
  }),
};

describe('integrations', () => {
  it('is in the menu for integrations.write only', async () => {
    fakeServer({ ...base, 'GET /v2/operator/integrations/tokens': () => ({ body: [] }), 'GET /v2/operator/integrations/billing': () => ({ body: settings() }), 'GET /v2/operator/integrations/callbacks': () => ({ body: [] }) });
    renderConsole('/operator/integrations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Integrations' })).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    fakeServer({ 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'support' } }) }) });
    renderConsole('/operator/integrations');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Integrations' })).toBeNull());
    expect(screen.queryByRole('heading', { level: 1, name: 'Integrations' })).toBeNull();
  });

  it('issues a token shown once with a copy button, and revokes after confirming', async () => {
    const server = fakeServer({
      ...base,
      'GET /v2/operator/integrations/tokens': [() => ({ body: [token()] }), () => ({ body: [token({ id: 8, name: 'Billing', per_second: 5 }), token()] })],
      'POST /v2/operator/integrations/tokens': () => ({ status: 201, body: { ...token({ id: 8, name: 'Billing', per_second: 5 }), token: 'efk_secret-token' } }),
      'DELETE /v2/operator/integrations/tokens/7': () => ({ status: 204 }),
      'GET /v2/operator/integrations/billing': () => ({ body: settings() }),
      'GET /v2/operator/integrations/callbacks': () => ({ body: [] }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/integrations');
    const table = await screen.findByRole('table', { name: 'Provider API tokens' });
    expect(within(table).getByText('10 a second, 10,000 an hour, 100,000 a day')).toBeTruthy();
    // The API log is there too.
    expect(await screen.findByRole('rowheader', { name: 'GET /provider-api/v2/users' })).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Issue a token' });
    await user.type(within(form).getByLabelText('Token name'), 'Billing');
    await user.type(within(form).getByLabelText('Calls a second'), '5');
    await user.click(within(form).getByRole('button', { name: 'Issue the token' }));
    const heading = await screen.findByRole('heading', { name: 'The new token “Billing”' });
    expect(heading).toBe(document.activeElement);
    const call = server.calls.find((c) => c.method === 'POST')!;
    expect(call.body).toEqual({ name: 'Billing', per_second: 5 });
    expect(call.headers['X-CSRF-Token']).toBe('csrf-1');
    expect((screen.getByLabelText('Token') as HTMLInputElement).value).toBe('efk_secret-token');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('efk_secret-token');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('efk_secret-token')).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Revoke the token “CRM”' }));
    const confirm = screen.getByRole('group', { name: 'Revoke the token “CRM”' });
    expect(confirm.textContent).toContain('Revoke “CRM”? Calls with it stop at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The token “CRM” is revoked.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/v2/operator/integrations/tokens/7')).toBe(true);
  });

  it('saves the callback settings, shows the secret once and rotates it', async () => {
    const server = fakeServer({
      ...base,
      'GET /v2/operator/integrations/tokens': () => ({ body: [] }),
      'GET /v2/operator/integrations/billing': () => ({ body: settings() }),
      'PATCH /v2/operator/integrations/billing': [
        () => ({ status: 400, body: { error: { type: 'validation_error', message: 'Invalid input', detail: { url: 'Enter an http or https address of up to 500 characters.' } } } }),
        (c) => ({ body: { ...settings(c.body as Partial<BillingSettings>), has_secret: true, updated_at: '2026-03-01T10:00:00Z', secret: 'efs_first' } }),
      ],
      'POST /v2/operator/integrations/billing/secret': () => ({ body: { ...settings({ url: 'https://billing.example/efir', enabled: true, has_secret: true }), secret: 'efs_second' } }),
      'GET /v2/operator/integrations/callbacks': () => ({ body: [] }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/integrations');
    const url = await screen.findByLabelText('Callback address');
    await user.type(url, 'ftp://billing.example');
    await user.click(screen.getByLabelText('Send callbacks'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(/Enter an http or https address/)).not.toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'https://billing.example/efir');
    await user.click(screen.getByLabelText('Let viewers sign in when the billing does not answer within 5 seconds'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The callback settings are saved.')).toBeTruthy();
    const patches = server.calls.filter((c) => c.method === 'PATCH');
    expect(patches[1]!.body).toEqual({ url: 'https://billing.example/efir', enabled: true, auth_fail_open: false });
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe('efs_first');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Make a new secret' }));
    const confirm = screen.getByRole('group', { name: 'Make a new secret' });
    await user.click(within(confirm).getByRole('button', { name: 'Make a new secret' }));
    await waitFor(() => expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe('efs_second'));
  });

  it('lists callbacks with their tries, filters them and resends a failed one', async () => {
    const server = fakeServer({
      ...base,
      'GET /v2/operator/integrations/tokens': () => ({ body: [] }),
      'GET /v2/operator/integrations/billing': () => ({ body: settings({ url: 'https://billing.example/efir', enabled: true, has_secret: true }) }),
      'GET /v2/operator/integrations/callbacks': [
        () => ({ body: [callback(), callback({ id: 40, kind: 'AUTH', state: 'refused', resendable: false, last_status: 200, last_error: '', last_answer: 'Contract suspended', tries: [] })] }),
        () => ({ body: [callback({ id: 40, kind: 'AUTH', state: 'refused', resendable: false, last_answer: 'Contract suspended', last_error: '' })] }),
        () => ({ body: [callback({ state: 'delivered', resendable: false, attempts: 13, last_status: 200, last_error: '', last_answer: 'ok' })] }),
      ],
      'POST /v2/operator/integrations/callbacks/41/resend': () => ({ body: callback({ state: 'delivered', resendable: false, attempts: 13 }) }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/integrations');
    const table = await screen.findByRole('table', { name: 'Callbacks to your billing, the newest first' });
    expect(within(table).getByText('Contract suspended')).toBeTruthy();
    expect(within(table).getByText('status 500: down')).toBeTruthy();
    expect(within(table).getAllByText('Tries and body of callback 41')).toHaveLength(1);
    expect(within(table).queryByRole('button', { name: 'Resend callback 40' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('State'), 'Refused');
    await waitFor(() => expect(queryOf(server.fetchMock, '/v2/operator/integrations/callbacks', 1).get('state')).toBe('refused'));

    await user.selectOptions(screen.getByLabelText('State'), 'Any state');
    await user.click(await screen.findByRole('button', { name: 'Resend callback 41' }));
    expect(await screen.findByText('Callback 41 was sent again: Delivered.')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')!.headers['X-CSRF-Token']).toBe('csrf-1');
  });
});
