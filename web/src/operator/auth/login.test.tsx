import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { renderConsole, sessionFixture, unauthorised, where } from '../test/harness';
import { codeLooksWrong, normaliseCode, safeNext } from './api';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = sessionFixture();
const signedOut = { 'GET /v2/operator/me': unauthorised };
const staffList = { 'GET /v2/operator/staff': () => ({ body: [session.staff] }) };

async function typePassword(user: ReturnType<typeof userEvent.setup>, email = 'anna@demo.example') {
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('sends a signed-out visitor to sign-in and back to where they were going', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': [unauthorised, () => ({ body: session })],
      'POST /v2/operator/auth/login': () => ({ body: { status: 'ok', session } }),
      ...staffList,
    });
    const user = userEvent.setup();
    renderConsole('/operator/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeTruthy();
    expect(where()).toEqual({ pathname: '/login', search: '?next=%2Fstaff' });

    await typePassword(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeTruthy();
    expect(where().pathname).toBe('/staff');
    const login = server.calls.find((c) => c.path === '/v2/operator/auth/login')!;
    expect(login.body).toEqual({ email: 'anna@demo.example', password: 'correct horse battery' });
    // The staff session is a cookie: every call lets the browser send it, none carries a token.
    for (const [, init] of server.fetchMock.mock.calls) expect((init as RequestInit).credentials).toBe('same-origin');
    expect(server.calls.every((c) => c.headers.Authorization === undefined)).toBe(true);
  });

  it("shows the server's message for a wrong password, and the wait when locked", async () => {
    fakeServer({
      ...signedOut,
      'POST /v2/operator/auth/login': [
        () => ({ status: 401, body: { error: { type: 'authentication_failed', message: 'Wrong e-mail or password' } } }),
        () => ({ status: 429, body: { error: { type: 'rate_limited', message: 'Too many attempts.', detail: { wait: '840' } } } }),
      ],
    });
    const user = userEvent.setup();
    renderConsole('/operator/login');
    await typePassword(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail or password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in 14 minutes.'));
  });

  it('asks for missing fields without calling the server', async () => {
    const server = fakeServer(signedOut);
    const user = userEvent.setup();
    renderConsole('/operator/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Fill in this field')).toHaveLength(2);
    expect(server.routes()).not.toContain('POST /v2/operator/auth/login');
  });

  it('takes the authenticator code (or a recovery code) with the challenge', async () => {
    const server = fakeServer({
      ...signedOut,
      'POST /v2/operator/auth/login': () => ({ body: { status: 'totp_required', challenge: 'ch-1' } }),
      'POST /v2/operator/auth/totp': [
        () => ({ status: 401, body: { error: { type: 'authentication_failed', message: 'Wrong code' } } }),
        () => ({ body: { status: 'ok', session } }),
      ],
      ...staffList,
      'GET /v2/operator/subscribers': () => ({ body: [] }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/login');
    await typePassword(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Second step' })).toBe(document.activeElement);

    const code = screen.getByLabelText('Code');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('The code from the app has 6 digits')).toBeTruthy();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong code');

    await user.clear(code);
    await user.type(code, 'k7pd-x2mq');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(where().pathname).toBe('/dashboard'));
    const sent = server.calls.filter((c) => c.path === '/v2/operator/auth/totp').map((c) => c.body);
    expect(sent).toEqual([
      { challenge: 'ch-1', code: '123456' },
      { challenge: 'ch-1', code: 'k7pd-x2mq' },
    ]);
  });

  it('enrols an authenticator first when the role needs one, then shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i + 1}`);
    const server = fakeServer({
      ...signedOut,
      'POST /v2/operator/auth/login': () => ({ body: { status: 'totp_setup_required', challenge: 'ch-2' } }),
      'POST /v2/operator/auth/totp/setup': () => ({
        body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauth_url: 'otpauth://totp/Efir:anna@demo.example?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Efir' },
      }),
      'POST /v2/operator/auth/totp/confirm': () => ({ body: { status: 'ok', session, recovery_codes: codes } }),
      'GET /v2/operator/subscribers': () => ({ body: [] }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/login');
    await typePassword(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeTruthy();
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    const link = screen.getByRole('link', { name: /^otpauth:/ });
    expect(link.getAttribute('href')).toContain('otpauth://totp/Efir');
    expect(server.calls.find((c) => c.path === '/v2/operator/auth/totp/setup')!.body).toEqual({ challenge: 'ch-2' });
    expect(server.routes().filter((r) => r === 'POST /v2/operator/auth/totp/setup')).toHaveLength(1);

    await user.type(screen.getByLabelText('Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recovery codes' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Your ten recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    expect(server.calls.find((c) => c.path === '/v2/operator/auth/totp/confirm')!.body).toEqual({ challenge: 'ch-2', code: '654321' });
    // Signed in only once the codes are put away.
    expect(where().pathname).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'I saved them' }));
    await waitFor(() => expect(where().pathname).toBe('/dashboard'));
    expect(screen.queryByText('code-1')).toBeNull();
  });

  it('goes back to the password from the second step', async () => {
    fakeServer({ ...signedOut, 'POST /v2/operator/auth/login': () => ({ body: { status: 'totp_required', challenge: 'ch-1' } }) });
    const user = userEvent.setup();
    renderConsole('/operator/login');
    await typePassword(user);
    await user.click(await screen.findByRole('button', { name: 'Start again' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeTruthy();
  });
});

describe('password set-up link', () => {
  it('checks the password, sets it and opens sign-in with the e-mail filled in', async () => {
    const server = fakeServer({ ...signedOut, 'POST /v2/operator/auth/setup': () => ({ body: { email: 'new@demo.example' } }) });
    const user = userEvent.setup();
    renderConsole('/operator/setup?token=tok-123');
    const password = await screen.findByLabelText('New password');
    const repeat = screen.getByLabelText('Repeat the password');

    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(screen.getByText('The password needs at least 10 characters')).toBeTruthy();

    await user.type(password, ' but now long');
    await user.type(repeat, 'something else');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(server.routes()).not.toContain('POST /v2/operator/auth/setup');

    await user.clear(repeat);
    await user.type(repeat, 'short but now long');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('Your password is set. Sign in with it.')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/v2/operator/auth/setup')!.body).toEqual({ token: 'tok-123', password: 'short but now long' });
    expect(where()).toEqual({ pathname: '/login', search: '?email=new%40demo.example' });
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('new@demo.example');
  });

  it("shows the server's answer for a used or expired link", async () => {
    fakeServer({
      ...signedOut,
      'POST /v2/operator/auth/setup': () => ({ status: 404, body: { error: { type: 'not_found', message: 'This link has expired or was used' } } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/setup?token=old');
    await user.type(await screen.findByLabelText('New password'), 'a long enough one');
    await user.type(screen.getByLabelText('Repeat the password'), 'a long enough one');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired or was used');
  });

  it('explains a link without its token', async () => {
    fakeServer(signedOut);
    renderConsole('/operator/setup');
    expect(await screen.findByText(/This link has no set-up token/)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});

describe('codes as typed', () => {
  it('sends six digits without spaces, and recovery codes as typed', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('123-456')).toBe('123456');
    expect(normaliseCode(' k7pd1-x2mq9 ')).toBe('k7pd1-x2mq9');
    expect(normaliseCode('12345-67890')).toBe('12345-67890');
    expect(codeLooksWrong('12345', true)).toBe(true);
    expect(codeLooksWrong('12345-67890', true)).toBe(false);
    expect(codeLooksWrong('k7pd1-x2mq9', false)).toBe(true);
    expect(codeLooksWrong('123456', false)).toBe(false);
    // Sign-in sends back only to a page of the console.
    expect(safeNext('/staff?x=1')).toBe('/staff?x=1');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('/login')).toBe('/');
  });
});
