import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import type { Staff } from '../api/types';
import { renderConsole, sessionFixture, staffFixture } from '../test/harness';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = staffFixture({ id: 1, email: 'anna@demo.example', role: 'admin' });
const owner = staffFixture({ id: 2, email: 'olga@demo.example', name: 'Olga', role: 'owner' });
const sam = staffFixture({ id: 3, email: 'sam@demo.example', name: 'Sam', role: 'support', totp_enabled: false, totp_required: false, last_login_at: null });
const invited = staffFixture({ id: 4, email: 'new@demo.example', name: 'Nina', role: 'finance', totp_enabled: false, totp_required: false, last_login_at: null });

const invite = (staff: Staff) => ({ staff, setup_url: '/operator/setup?token=tok-abc', expires_at: '2026-03-04T10:00:00Z' });

describe('staff', () => {
  it('invites a member and shows the one-time link to copy', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: me }) }),
      'GET /v2/operator/staff': [() => ({ body: [me, owner, sam] }), () => ({ body: [me, invited, owner, sam] })],
      'POST /v2/operator/staff': () => ({ status: 201, body: invite(invited) }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/staff');
    const form = await screen.findByRole('region', { name: 'Invite a staff member' });
    // An administrator cannot make owners.
    expect(within(form).queryByRole('option', { name: 'Owner' })).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(within(form).getByText('Fill in this field')).toBeTruthy();

    await user.type(within(form).getByLabelText('E-mail'), 'new@demo.example');
    await user.type(within(form).getByLabelText('Name'), 'Nina');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Finance');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'One-time set-up link for new@demo.example' });
    expect(heading).toBe(document.activeElement);
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/v2/operator/staff')!;
    expect(call.body).toEqual({ email: 'new@demo.example', name: 'Nina', role: 'finance' });
    expect(call.headers['X-CSRF-Token']).toBe('csrf-1');
    const link = screen.getByLabelText('Set-up link') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/operator/setup?token=tok-abc`);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event puts its own clipboard in place.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/operator/setup?token=tok-abc`);
    expect(await screen.findByText('Copied')).toBeTruthy();
    // The list shows the new member.
    expect(await screen.findByRole('rowheader', { name: /new@demo\.example/ })).toBeTruthy();
  });

  it('changes a role, blocks after confirming and makes a new set-up link', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: me }) }),
      'GET /v2/operator/staff': () => ({ body: [me, owner, sam] }),
      'PATCH /v2/operator/staff/3': (call) => ({ body: { ...sam, ...(call.body as object) } }),
      'POST /v2/operator/staff/3/setup_link': () => ({ body: invite(sam) }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/staff');
    const table = await screen.findByRole('table', { name: 'Staff of Demo Telecom' });
    const row = (name: RegExp) => within(table).getByRole('row', { name });

    // Nothing to change on oneself, nor (for an administrator) on an owner.
    expect(within(row(/anna@demo/)).queryByRole('button')).toBeNull();
    expect(within(row(/anna@demo/)).getByText(/\(you\)/)).toBeTruthy();
    expect(within(row(/olga@demo/)).queryByRole('combobox')).toBeNull();
    expect(within(row(/olga@demo/)).queryByRole('button')).toBeNull();

    await user.selectOptions(within(row(/sam@demo/)).getByRole('combobox', { name: 'Role of sam@demo.example' }), 'Finance');
    await user.click(within(row(/sam@demo/)).getByRole('button', { name: 'Save the role' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ role: 'finance' });
    expect(server.calls.find((c) => c.method === 'PATCH')!.headers['X-CSRF-Token']).toBe('csrf-1');

    await user.click(within(row(/sam@demo/)).getByRole('button', { name: 'Block' }));
    const confirm = within(row(/sam@demo/)).getByRole('group', { name: 'Block' });
    expect(confirm.textContent).toContain('Block sam@demo.example? Their sessions end at once.');
    expect(within(confirm).getByRole('button', { name: 'Block' })).toBe(document.activeElement);
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(server.calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({ disabled: true });

    await user.click(within(row(/sam@demo/)).getByRole('button', { name: 'New set-up link' }));
    await user.click(within(row(/sam@demo/)).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'One-time set-up link for sam@demo.example' })).toBeTruthy();
    expect(server.routes()).toContain('POST /v2/operator/staff/3/setup_link');
  });

  it('shows the list only, without staff.write', async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: me, permissions: ['staff.read'] }) }),
      'GET /v2/operator/staff': () => ({ body: [me, owner, sam] }),
    });
    renderConsole('/operator/staff');
    const table = await screen.findByRole('table', { name: 'Staff of Demo Telecom' });
    expect(screen.queryByRole('region', { name: 'Invite a staff member' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(within(table).queryAllByRole('combobox')).toEqual([]);
    expect(within(within(table).getByRole('row', { name: /sam@demo/ })).getByText('Never')).toBeTruthy();
  });

  it("shows the server's refusal in the member's row", async () => {
    fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { ...me, role: 'owner' } }) }),
      'GET /v2/operator/staff': () => ({ body: [me, owner] }),
      'PATCH /v2/operator/staff/2': () => ({ status: 403, body: { error: { type: 'permission_denied', message: 'The last owner stays an owner' } } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/staff');
    const row = await screen.findByRole('row', { name: /olga@demo/ });
    await user.selectOptions(within(row).getByRole('combobox'), 'Administrator');
    await user.click(within(row).getByRole('button', { name: 'Save the role' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('The last owner stays an owner');
  });
});
