import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { alertStore } from '@/shared/ui';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { SubscriptionsSection } from './SubscriptionsSection';
import type { SubscriptionActions, UserPacket } from './types';

const i18n = createTestI18n('en');
const DAY = 86_400;
const NOW = Math.floor(Date.UTC(2026, 0, 10) / 1000);

const allowed: SubscriptionActions = { can_subscribe: false, can_disable_renew: true, can_change_period: true, can_unsubscribe: true, can_enable_renew: true };

function userPacket(id: number, name: string, over: Partial<UserPacket> = {}): UserPacket {
  return {
    id,
    packet: { id: id * 10, name, short: name.toLowerCase(), is_base: true, price: 29900, currency: 'RUB' },
    base: true,
    renew: true,
    start_at: NOW - 10 * DAY,
    end_at: NOW + 20 * DAY,
    next_pay_at: NOW + 20 * DAY,
    next_price: 29900,
    is_paused: false,
    message: '',
    allow_delete_paused: false,
    type: 'paid',
    state: 'active_renewing',
    period_id: 1,
    period_human: { days: 0, months: 1, years: 0 },
    actions: allowed,
    ...over,
  };
}

function Where() {
  const l = useLocation();
  return <output data-testid="where" data-hash={l.hash} data-state={JSON.stringify(l.state ?? null)} />;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/settings/subscriptions']}>
          <SubscriptionsSection />
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return client;
}

const user = { id: 1, parental_status: 'notset', parental_dialogue: null };

function server(current: UserPacket[], futures: UserPacket[] = [], extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /v2/users/self': () => ({ body: user }),
    'GET /v2/users/self/subscriptions/current': () => ({ body: current }),
    'GET /v2/users/self/subscriptions/futures': () => ({ body: futures }),
    'GET /v2/packets': () => ({ body: [] }),
    'GET /v2/packets/10/purchaseperiods': () => ({ body: [] }),
    'GET /v2/packets/20/purchaseperiods': () => ({ body: [{ id: 1 }, { id: 3 }] }),
    'GET /v2/packets/30/purchaseperiods': () => ({ body: [] }),
    ...extra,
  });
}

beforeEach(() => {
  sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true, profile: { id: 1, name: 'Main', icon: '', icon_avatar_id: 1, type: 'regular', role: 'adult' } });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
  alertStore.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SubscriptionsSection', () => {
  it('links to the packets when nothing is held', async () => {
    server([]);
    renderSection();
    expect(await screen.findByText('You have no subscriptions yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a subscription' }).getAttribute('href')).toBe('/packets');
  });

  it('shows each subscription with its state, dates and the button its state allows', async () => {
    server(
      [
        userPacket(1, 'Base'),
        userPacket(2, 'Cinema'),
        userPacket(3, 'Sport', { state: 'active', renew: false, next_pay_at: null }),
        userPacket(4, 'Gift', { state: 'promo', type: 'promo', renew: false }),
      ],
      [userPacket(5, 'Later', { state: 'future', start_at: NOW + 20 * DAY })],
    );
    renderSection();
    const base = (await screen.findByText('Base')).closest('li')!;
    expect(within(base).getByText('Renews automatically')).toBeTruthy();
    expect(within(base).getByText(/Next payment on January 30, 2026: .*299/)).toBeTruthy();
    // No period options: renewal off.
    expect(await within(base).findByRole('button', { name: 'Turn off renewal: Base' })).toBeTruthy();
    // Period options: change, which opens the payments area's #subscription.
    const cinema = screen.getByText('Cinema').closest('li')!;
    await userEvent.click(await within(cinema).findByRole('button', { name: 'Change period: Cinema' }));
    expect(screen.getByTestId('where').dataset.hash).toBe('#subscription');
    expect(JSON.parse(screen.getByTestId('where').dataset.state!).modalData).toEqual({ subscriptionId: 2, packetId: 20 });

    const sport = screen.getByText('Sport').closest('li')!;
    expect(within(sport).getByText(/Active until January 30, 2026/)).toBeTruthy();
    expect(await within(sport).findByRole('button', { name: 'Turn on renewal: Sport' })).toBeTruthy();
    expect(within(screen.getByText('Gift').closest('li')!).queryByRole('button')).toBeNull();
    const later = screen.getByText('Later').closest('li')!;
    expect(within(later).getByText(/Starts on January 30, 2026/)).toBeTruthy();
    expect(within(later).getByRole('button', { name: 'Cancel: Later' })).toBeTruthy();
  });

  it('shows a child profile no buttons at all', async () => {
    sessionStore.set((s) => ({ ...s, profile: { ...s.profile!, role: 'child' } }));
    server([userPacket(1, 'Base'), userPacket(3, 'Sport', { state: 'active', renew: false })]);
    renderSection();
    await screen.findByText('Base');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('turns renewal off after a confirmation and says so', async () => {
    const s = server([userPacket(1, 'Base')], [], { 'DELETE /v2/users/self/subscriptions/1': () => ({ status: 204 }) });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off renewal: Base' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off renewal?' });
    expect(s.routes()).not.toContain('DELETE /v2/users/self/subscriptions/1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(alertStore.get()?.text).toBe('Automatic renewal is off.'));
    expect(s.routes()).toContain('DELETE /v2/users/self/subscriptions/1');
  });

  it('checks the parental PIN (pay) before it asks for the confirmation', async () => {
    sessionStore.set((s) => ({ ...s, deviceId: 7 }));
    const s = server([userPacket(1, 'Base')], [], {
      'GET /v2/users/self': () => ({ body: { ...user, parental_status: 'set' } }),
      'GET /v2/users/self/devices/7': () => ({ body: { id: 7, parental_settings: { profile: false, program: false, vod: false, channel: false, pay: true, settings: false } } }),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off renewal: Base' }));
    await waitFor(() => expect(screen.getByTestId('where').dataset.hash).toBe('#pincode'));
    expect(JSON.parse(screen.getByTestId('where').dataset.state!).modalData).toMatchObject({ action: 'pay' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(s.routes()).not.toContain('DELETE /v2/users/self/subscriptions/1');
  });

  it.each([
    [451, 'unsubscribe_forbidden', 'Renewal cannot be turned off'],
    [400, 'title_disabled_renewal', 'Renewal was not turned off'],
  ])('opens the message modal with the server message on %i', async (status, type, title) => {
    server([userPacket(1, 'Base')], [], {
      'DELETE /v2/users/self/subscriptions/1': () => ({ status, body: { error: { type, message: 'Call the operator to stop it.' } } }),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off renewal: Base' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByTestId('where').dataset.hash).toBe('#message'));
    expect(JSON.parse(screen.getByTestId('where').dataset.state!).modalData).toEqual({ title, text: 'Call the operator to stop it.' });
  });

  it('turns renewal back on and cancels a scheduled subscription', async () => {
    const s = server([userPacket(3, 'Sport', { state: 'active', renew: false })], [userPacket(5, 'Later', { state: 'future' })], {
      'PATCH /v2/users/self/subscriptions/3': () => ({ body: userPacket(3, 'Sport') }),
      'DELETE /v2/users/self/subscriptions/futures/5': () => ({ status: 204 }),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on renewal: Sport' }));
    await waitFor(() => expect(alertStore.get()?.text).toBe('Automatic renewal is on.'));
    expect(s.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ renew: true });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel: Later' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel it' }));
    await waitFor(() => expect(alertStore.get()?.text).toBe('The scheduled subscription is cancelled.'));
    expect(s.routes()).toContain('DELETE /v2/users/self/subscriptions/futures/5');
  });
});
