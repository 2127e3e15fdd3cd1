import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { renderConsole, sessionFixture } from '../test/harness';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('security', () => {
  it('enrols an authenticator while signed in (no challenge, with the CSRF token) and shows the codes once', async () => {
    const before = sessionFixture({ staff: { role: 'support', totp_enabled: false, totp_required: false } });
    const after = sessionFixture({ staff: { role: 'support', totp_enabled: true, totp_required: false } });
    const server = fakeServer({
      'GET /v2/operator/me': [() => ({ body: before }), () => ({ body: after })],
      'POST /v2/operator/auth/totp/setup': () => ({ body: { secret: 'ABCDEFGHIJKLMNOP', otpauth_url: 'otpauth://totp/Efir:sam?secret=ABCDEFGHIJKLMNOP' } }),
      'POST /v2/operator/auth/totp/confirm': () => ({ body: { status: 'ok', recovery_codes: ['r-1', 'r-2'] } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/security');
    expect(await screen.findByText('Off: you sign in with the password only.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('ABCD EFGH IJKL MNOP');
    const setup = server.calls.find((c) => c.path === '/v2/operator/auth/totp/setup')!;
    expect(setup.body).toEqual({});
    expect(setup.headers['X-CSRF-Token']).toBe('csrf-1');

    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Recovery codes' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/v2/operator/auth/totp/confirm')!.body).toEqual({ code: '123456' });
    await user.click(screen.getByRole('button', { name: 'I saved them' }));
    expect(await screen.findByText('The authenticator is set up.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('On: you sign in with a code from an authenticator app.')).toBeTruthy());
    expect(screen.queryByText('r-1')).toBeNull();
  });

  it('keeps the session when the code is wrong', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { totp_enabled: true } }) }),
      'POST /v2/operator/auth/totp/setup': () => ({ body: { secret: 'ABCDEFGHIJKLMNOP', otpauth_url: 'otpauth://totp/x' } }),
      'POST /v2/operator/auth/totp/confirm': () => ({ status: 401, body: { error: { type: 'authentication_failed', message: 'Wrong code' } } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/security');
    await user.click(await screen.findByRole('button', { name: 'Move to a new authenticator' }));
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong code');
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
  });
});
