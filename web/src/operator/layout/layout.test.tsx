import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { PERMISSIONS, renderConsole, sessionFixture, where } from '../test/harness';
import { visibleMenu } from './menu';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const menuOf = () =>
  within(screen.getByRole('navigation', { name: 'Console sections' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('visibleMenu', () => {
  it('opens each section by its permission; Security is everyone’s', () => {
    expect(visibleMenu(PERMISSIONS.owner).map((e) => e.id)).toEqual([
      'dashboard',
      'subscribers',
      'packets',
      'paysystems',
      'promo',
      'channels',
      'catalog',
      'pages',
      'messages',
      'settings',
      'integrations',
      'staff',
      'audit',
      'security',
    ]);
    expect(visibleMenu(PERMISSIONS.support).map((e) => e.id)).toEqual(['dashboard', 'subscribers', 'packets', 'promo', 'messages', 'audit', 'security']);
    expect(visibleMenu(PERMISSIONS.finance).map((e) => e.id)).toEqual(['dashboard', 'subscribers', 'packets', 'promo', 'audit', 'security']);
    expect(visibleMenu(PERMISSIONS.content).map((e) => e.id)).toEqual(['channels', 'catalog', 'pages', 'messages', 'security']);
    expect(visibleMenu(['staff.read']).map((e) => e.id)).toEqual(['staff', 'security']);
  });
});

describe('the signed-in frame', () => {
  it('shows the operator, the member and role, and only the sections the role opens', async () => {
    const session = sessionFixture({ staff: { role: 'support', email: 'sam@demo.example' } });
    fakeServer({ 'GET /v2/operator/me': () => ({ body: session }) });
    renderConsole('/operator/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Demo Telecom')).toBeTruthy();
    expect(within(header).getByText('sam@demo.example')).toBeTruthy();
    expect(within(header).getByText('Support')).toBeTruthy();
    expect(menuOf()).toEqual(['Dashboard', 'Subscribers', 'Packets and prices', 'Promo campaigns', 'Messages and surveys', 'Audit log', 'Security']);
    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('aria-current')).toBe('page');
    // No operator switcher for an operator's own staff.
    expect(within(header).queryByRole('combobox', { name: 'Work on the operator' })).toBeNull();
  });

  it('starts each member on the first section their role opens', async () => {
    fakeServer({ 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'content', totp_enabled: false, totp_required: false } }) }) });
    renderConsole('/operator/');
    await waitFor(() => expect(where().pathname).toBe('/channels'));
    expect(menuOf()).toEqual(['Channels and guide', 'Catalogue', 'Home page and pages', 'Messages and surveys', 'Security']);
    cleanup();

    fakeServer({ 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'content' }, permissions: [] }) }) });
    renderConsole('/operator/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
    expect(menuOf()).toEqual(['Security']);
    expect(where().pathname).toBe('/security');
  });

  it('says "no access" for a section opened by address without its permission, and loads nothing', async () => {
    const server = fakeServer({ 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role: 'finance' } }) }) });
    renderConsole('/operator/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeTruthy();
    expect(server.routes()).toEqual(['GET /v2/operator/me']);
  });

  it('lets a platform administrator switch the operator (with the CSRF token) and starts again there', async () => {
    const admin = sessionFixture({ staff: { provider_id: null, role: 'owner' } });
    const other = sessionFixture({ staff: { provider_id: null, role: 'owner' }, provider: { id: 2, shortname: 'north', name: 'North Cable' }, csrf_token: 'csrf-2' });
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: admin }),
      'GET /v2/operator/providers': () => ({ body: [admin.provider, other.provider] }),
      'POST /v2/operator/me/provider': () => ({ body: other }),
      'GET /v2/operator/staff': () => ({ body: [admin.staff] }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/staff');
    const switcher = await screen.findByRole('combobox', { name: 'Work on the operator' });
    expect((switcher as HTMLSelectElement).value).toBe('1');
    await user.selectOptions(switcher, 'North Cable');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Work on the operator' }) as HTMLSelectElement).value).toBe('2'));
    const call = server.calls.find((c) => c.path === '/v2/operator/me/provider')!;
    expect(call.body).toEqual({ provider_id: 2 });
    expect(call.headers['X-CSRF-Token']).toBe('csrf-1');
    await waitFor(() => expect(where().pathname).toBe('/dashboard'));
  });

  it('signs out with the CSRF token and goes to sign-in', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/staff': () => ({ body: [] }),
      'POST /v2/operator/auth/logout': () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/staff');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/v2/operator/auth/logout')!.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(where()).toEqual({ pathname: '/login', search: '' });
  });

  it('goes to sign-in when the session ends while working (a 401 from any call)', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture() }),
      'GET /v2/operator/staff': () => ({ status: 401, body: { error: { type: 'authentication_failed', message: 'Session ended' } } }),
    });
    renderConsole('/operator/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeTruthy();
    expect(where()).toEqual({ pathname: '/login', search: '?next=%2Fstaff' });
  });
});
