import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { cardRoutes, subscriberCard, subscriberRow } from '../test/cardFixtures';
import { renderConsole, sessionFixture } from '../test/harness';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');
const me = (role: 'owner' | 'support' | 'finance') => ({ 'GET /v2/operator/me': () => ({ body: sessionFixture({ staff: { role } }) }) });
const heading = () => screen.findByRole('heading', { level: 1, name: 'Subscriber Ivan' });

describe('subscriber card: who may do what', () => {
  it.each(['owner', 'support'] as const)('gives %s every action', async (role) => {
    fakeServer({ ...me(role), ...cardRoutes() });
    renderConsole('/operator/subscribers/42');
    await heading();
    const account = screen.getByRole('group', { name: 'Account actions' });
    for (const name of ['Block', 'End all sessions', 'Reset parental PIN']) expect(within(account).getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Give a packet' })).toBeTruthy();
    const subs = screen.getByRole('table', { name: 'Subscriptions of the subscriber' });
    expect(within(subs).getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Devices of the subscriber' })).getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Adjust balance' })).toBeTruthy();
    const payments = await screen.findByRole('table', { name: 'Payments of the subscriber, newest first' });
    expect(within(payments).getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Balance ledger, newest first' })).toBeTruthy();
  });

  it('shows finance the money but no button that changes anything', async () => {
    const server = fakeServer({ ...me('finance'), ...cardRoutes() });
    renderConsole('/operator/subscribers/42');
    await heading();
    const ledger = await screen.findByRole('table', { name: 'Balance ledger, newest first' });
    const payments = await screen.findByRole('table', { name: 'Payments of the subscriber, newest first' });
    expect(text(within(ledger).getByRole('row', { name: /Charge/ }))).toContain('-RUB 299');
    expect(text(screen.getByTestId('balance'))).toBe('RUB 1,234.50');
    expect(within(payments).getByText('Top-up')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Account actions' })).toBeNull();
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual(expect.not.arrayContaining(['Block', 'Pause', 'End', 'Remove', 'Give a packet', 'Adjust balance', 'Refund', 'Turn off']));
    expect(within(screen.getByRole('table', { name: 'Subscriptions of the subscriber' })).queryAllByRole('button')).toEqual([]);
    expect(within(payments).queryAllByRole('button')).toEqual([]);
    expect(within(payments).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    // Nothing is asked that only a change would need.
    expect(server.routes()).not.toContain('GET /v2/operator/packets');
  });

  it('asks nothing about money without money.read', async () => {
    const server = fakeServer({
      'GET /v2/operator/me': () => ({ body: sessionFixture({ permissions: ['subscribers.read', 'subscribers.write'] }) }),
      ...cardRoutes(subscriberCard({ account: null })),
    });
    renderConsole('/operator/subscribers/42');
    await heading();
    expect(screen.getByRole('group', { name: 'Account actions' })).toBeTruthy();
    // Giving a packet needs the packet list (packets.read).
    expect(screen.queryByRole('button', { name: 'Give a packet' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Balance and ledger' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
    expect(server.routes().filter((r) => /ledger|transactions/.test(r))).toEqual([]);
  });
});

describe('subscriber card: the account', () => {
  it('blocks after a confirmation, shows it in the head and reads the card again', async () => {
    const blocked = subscriberRow({ blocked: true });
    const server = fakeServer({
      ...me('support'),
      ...cardRoutes(),
      'GET /v2/operator/subscribers/42': [() => ({ body: subscriberCard() }), () => ({ body: subscriberCard({ subscriber: blocked }) })],
      'POST /v2/operator/subscribers/42/block': () => ({ body: blocked }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    await heading();
    expect(screen.getByTestId('account-state').textContent).toBe('Active');
    const account = screen.getByRole('group', { name: 'Account actions' });
    const block = within(account).getByRole('button', { name: 'Block' });

    // Cancel: nothing is sent and the focus goes back.
    await user.click(block);
    let confirm = screen.getByRole('group', { name: 'Block' });
    expect(text(confirm)).toContain('Block Ivan? They cannot sign in, and every session and stream of theirs ends at once.');
    expect(within(confirm).getByRole('button', { name: 'Block' })).toBe(document.activeElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Block' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(block));
    expect(server.routes()).not.toContain('POST /v2/operator/subscribers/42/block');

    await user.click(block);
    confirm = screen.getByRole('group', { name: 'Block' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Ivan is blocked.')).toBeTruthy();
    const call = server.calls.find((c) => c.path === '/v2/operator/subscribers/42/block')!;
    expect(call.body).toEqual({ blocked: true });
    expect(call.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(screen.getByTestId('account-state').textContent).toBe('Blocked');
    expect(screen.getByText('Blocked: the subscriber cannot sign in, and their sessions and streams have ended.')).toBeTruthy();
    // The same button now unblocks, and has the focus.
    const unblock = within(account).getByRole('button', { name: 'Unblock' });
    await waitFor(() => expect(document.activeElement).toBe(unblock));
    await waitFor(() => expect(server.routes().filter((r) => r === 'GET /v2/operator/subscribers/42')).toHaveLength(2));
  });

  it('ends every session, resets the parental PIN and removes a device, each after asking', async () => {
    let card = subscriberCard();
    const server = fakeServer({
      ...me('support'),
      ...cardRoutes(),
      'GET /v2/operator/subscribers/42': () => ({ body: card }),
      'DELETE /v2/operator/subscribers/42/sessions': () => ({ status: 204 }),
      'POST /v2/operator/subscribers/42/parental_reset': () => ({ status: 204 }),
      'DELETE /v2/operator/subscribers/42/devices/7': () => {
        card = { ...card, devices: card.devices.filter((d) => d.id !== 7) };
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    await heading();
    const account = screen.getByRole('group', { name: 'Account actions' });

    await user.click(within(account).getByRole('button', { name: 'End all sessions' }));
    await user.click(within(screen.getByRole('group', { name: 'End all sessions' })).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('Every session of Ivan has ended.')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'DELETE' && c.path.endsWith('/sessions'))!.headers['X-CSRF-Token']).toBe('csrf-1');

    await user.click(within(account).getByRole('button', { name: 'Reset parental PIN' }));
    const pin = screen.getByRole('group', { name: 'Reset parental PIN' });
    expect(text(pin)).toContain("The new PIN goes to the subscriber's phone by SMS.");
    await user.click(within(pin).getByRole('button', { name: 'Reset and send' }));
    expect(await screen.findByText("The parental PIN is reset: the new PIN went to the subscriber's phone by SMS.")).toBeTruthy();
    expect(server.routes()).toContain('POST /v2/operator/subscribers/42/parental_reset');

    const devices = screen.getByRole('table', { name: 'Devices of the subscriber' });
    const row = within(devices).getByRole('row', { name: /web-5f2c/ });
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const confirm = within(row).getByRole('group', { name: 'Remove the device web-5f2c' });
    expect(text(confirm)).toContain('It is signed out and has to sign in again.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The device web-5f2c is removed.')).toBeTruthy();
    expect(server.routes()).toContain('DELETE /v2/operator/subscribers/42/devices/7');
    expect(within(devices).queryByRole('row', { name: /web-5f2c/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Devices' }));
  });

  it("keeps the confirmation open with the server's refusal", async () => {
    fakeServer({
      ...me('support'),
      ...cardRoutes(),
      'POST /v2/operator/subscribers/42/parental_reset': () => ({ status: 409, body: { error: { type: 'conflict', message: 'The subscriber has no phone number' } } }),
    });
    const user = userEvent.setup();
    renderConsole('/operator/subscribers/42');
    await heading();
    await user.click(screen.getByRole('button', { name: 'Reset parental PIN' }));
    const pin = screen.getByRole('group', { name: 'Reset parental PIN' });
    await user.click(within(pin).getByRole('button', { name: 'Reset and send' }));
    expect((await within(pin).findByRole('alert')).textContent).toBe('The subscriber has no phone number');
  });
});
