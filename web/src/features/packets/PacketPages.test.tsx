import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, platformKeys, type NetworkInfo, type ProviderInfo } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { dismissAlert } from '@/shared/ui';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { account, packetFixture, periodFixture, userPacketFixture } from '../payments/fixtures';
import { renderWithModals, testClient, where } from '../payments/testHarness';
import { PacketPage } from './PacketPage';
import { PacketsChannelsModal } from './PacketsChannelsModal';
import { PacketsPage } from './PacketsPage';
import { ProviderLandingPage } from './ProviderLandingPage';
import { QuickPacketsModal } from './QuickPacketsModal';

// Role queries over whole pages are slow in jsdom on a cold run.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../payments/external', () => ({ leaveFor: vi.fn(), openNewWindow: vi.fn() }));

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');
const extra = { quick_packets: QuickPacketsModal, packets_channels: PacketsChannelsModal };
const user = { id: 1, parental_status: 'not_set' };
const trial = { is_trial: true, trial_period: 7, trial_price: 100, trial_period_human: { days: 7, months: 0, years: 0 } };
const channels = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Channel ${i + 1}`, slug: `ch-${i + 1}`, logo: '' }));

beforeEach(() => {
  clearCookiesAndStorage();
  window.sessionStorage.clear();
  sessionStore.set({ ...emptySession, token: 'tok', isLogged: true, deviceId: 3 });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  dismissAlert();
  vi.unstubAllGlobals();
});

describe('/packets', () => {
  it('shows base packets, add-ons and bundles as cards with price, trial and the viewer state', async () => {
    fakeServer({
      'GET /v2/packets': () => ({
        body: [
          packetFixture({ id: 5, name: 'Basic', ...trial }),
          packetFixture({ id: 6, name: 'Kino', is_base: false, base: false, price: 19900, total_price: 19900, is_purchased: true, subscription: { ...userPacketFixture(), id: 41, next_period_human: null } }),
          packetFixture({ id: 7, name: 'All in', packets: [{ id: 5, name: 'Basic', short: '', is_base: true, price: 29900, currency: 'RUB' }] }),
        ],
      }),
    });
    renderWithModals(<PacketsPage />, { path: '/packets' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Base packets' })).toBeTruthy();
    const basic = screen.getByRole('article', { name: 'Basic' });
    expect(text(basic)).toContain('RUB 299 for 1 month');
    expect(text(basic)).toContain('Trial: 7 days for RUB 1');
    expect(within(basic).getByText('Trial')).toBeTruthy();
    expect(within(basic).getByRole('button', { name: 'Try' })).toBeTruthy();
    const kino = screen.getByRole('article', { name: 'Kino' });
    expect(within(kino).getByText('You have it')).toBeTruthy();
    expect(within(kino).getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/packets/6');
    expect(within(kino).queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Add-ons' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'All in' })).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Bundles' })).toBeTruthy();
  });

  it('offers no buying when payments are off', async () => {
    fakeServer({ 'GET /v2/packets': () => ({ body: [packetFixture()] }) });
    renderWithModals(<PacketsPage />, { path: '/packets', client: testClient({ paymentEnabled: false }) });
    const card = await screen.findByRole('article', { name: 'Basic' });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).getByRole('link', { name: 'More' })).toBeTruthy();
  });
});

describe('/packets/{id}', () => {
  it('shows the not-found page for a missing packet', async () => {
    fakeServer({ 'GET /v2/packets/99': () => ({ status: 404, body: { error: { type: 'not_found', message: 'no' } } }) });
    renderWithModals(<PacketPage />, { path: '/packets/99', route: '/packets/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This subscription packet was not found.' })).toBeTruthy();
  });

  it("goes to the other operator's landing for its packet", async () => {
    fakeServer({ 'GET /v2/packets/other_3': () => ({ status: 404, body: { error: { type: 'not_found', message: 'no', detail: { provider: 'other' } } } }) });
    renderWithModals(<PacketPage />, { path: '/packets/other_3', route: '/packets/:id' });
    await waitFor(() => expect(where().path).toBe('/provider/other'));
  });

  it('shows the first channels of a long list and all of them in #packets_channels', async () => {
    fakeServer({
      'GET /v2/packets/5': () => ({ body: packetFixture({ channels: channels(40), channels_count: 40, benefits: [{ icon: '', text: 'Five screens' }], libraries: [{ id: 1, name: 'Kino One' }], videos: [{ id: 9, slug: 'film-9', title: 'Film' }] }) }),
      'GET /v2/packets/5/purchaseperiods': () => ({ body: [periodFixture({ id: 11 }), periodFixture({ id: 13, months: 3, amount: 80700, discount: 10, period_human: { days: 0, months: 3, years: 0 } })] }),
    });
    const u = userEvent.setup();
    renderWithModals(<PacketPage />, { path: '/packets/5', route: '/packets/:id', extra });
    expect(await screen.findByRole('heading', { level: 1, name: 'Basic' })).toBeTruthy();
    const list = screen.getByRole('heading', { name: 'Channels (40)' }).parentElement!;
    expect(within(list).getAllByRole('link')).toHaveLength(24);
    expect(screen.getByText('Five screens')).toBeTruthy();
    expect(screen.getByText('Kino One')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Film' }).getAttribute('href')).toBe('/contents/film-9');
    expect(await screen.findByRole('radio', { name: /3 months/ })).toBeTruthy();
    expect(screen.getByText('−10%')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Show all channels (40)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Channels in Basic' });
    expect(within(dialog).getAllByRole('link')).toHaveLength(40);
  });

  it('shows a held packet with its state and buttons', async () => {
    const next = 1_900_000_000;
    fakeServer({
      'GET /v2/packets/5': () => ({
        body: packetFixture({ is_purchased: true, subscription: { ...userPacketFixture(), id: 40, next_pay_at: next, next_price: 29900, next_period_human: null } }),
      }),
      'GET /v2/packets/5/purchaseperiods': () => ({ body: [periodFixture({ id: 11, is_current: true })] }),
    });
    renderWithModals(<PacketPage />, { path: '/packets/5', route: '/packets/:id' });
    expect(await screen.findByText(/^Renews on .* for RUB 299$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change period' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn off renewal' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('starts buying at once with ?action=buy (a guest signs in first)', async () => {
    sessionStore.set({ ...emptySession, token: 'guest', isLogged: false });
    fakeServer({
      'GET /v2/packets/5': () => ({ body: packetFixture() }),
      'GET /v2/packets/5/purchaseperiods': () => ({ body: [periodFixture({ id: 11 })] }),
    });
    renderWithModals(<PacketPage />, { path: '/packets/5?action=buy', route: '/packets/:id' });
    await waitFor(() => expect(where().hash).toBe('#auth'));
    expect(where().search).toBe('');
    expect(window.sessionStorage.getItem('chosenPacket')).toContain('"packetId":5');
  });
});

describe('#quick_packets', () => {
  it('buys the chosen base packet, then the add-on', async () => {
    const api = fakeServer({
      'GET /v2/users/self': () => ({ body: user }),
      'GET /v2/users/self/accounts': () => ({ body: account() }),
      'GET /v2/users/self/balance': () => ({ body: { balance: 100000, currency: 'RUB' } }),
      // Asked only for the add-on, after the base packet was bought.
      'GET /v2/users/self/subscriptions/current': () => ({ body: [userPacketFixture()] }),
      'GET /v2/packets': () => ({ body: [packetFixture(), packetFixture({ id: 6, name: 'Kino', is_base: false, base: false })] }),
      'GET /v2/packets/5': () => ({ body: packetFixture() }),
      'GET /v2/packets/5/purchaseperiods': () => ({ body: [periodFixture({ id: 11 })] }),
      'GET /v2/packets/6': () => ({ body: packetFixture({ id: 6, name: 'Kino', is_base: false, base: false }) }),
      'GET /v2/packets/6/purchaseperiods': () => ({ body: [periodFixture({ id: 21, amount: 19900 })] }),
      'POST /v2/users/self/subscriptions': () => ({ status: 201, body: userPacketFixture() }),
    });
    const u = userEvent.setup();
    renderWithModals(null, {
      path: '/packets/6#quick_packets',
      extra,
      modalData: { addonId: 6, addonName: 'Kino', purchase: { kind: 'packet', packetId: 6, name: 'Kino' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a base packet first' });
    expect(within(dialog).queryByText('Kino', { selector: 'strong' })).toBeNull();
    await u.click(await within(dialog).findByRole('button', { name: 'Choose' }));
    expect(text(await screen.findByRole('dialog', { name: 'Confirm the purchase' }))).toContain('Basic for 1 month');
    await u.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(text(screen.getByRole('dialog', { name: 'Confirm the purchase' }))).toContain('Kino for 1 month: RUB 199'));
    await u.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('Done! The subscription is active.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { packet_id: number }).packet_id)).toEqual([5, 6]);
  });
});

describe('/provider/{shortname}', () => {
  const provider: ProviderInfo = {
    id: 2,
    name: 'Demo TV',
    currency: { ISO_CODE: 'RUB', UTF_NAME: '₽', ASCII_NAME: 'rub' },
    landing: { shortname: 'demo', logo: '/v2/platform/images/logo.png' },
    support: { url: '', phone: '+7 800 000-00-00', email: 'help@demo.tv' },
    regform: { url: 'https://demo.tv/join', caption: 'Connect at home' },
    is_have_purchases: true,
    alma: false,
    auth_only: false,
  };

  it('shows the logo, trial and install buttons, anchors, support and the registration button', async () => {
    fakeServer({
      'GET /v2/providers/demo/info': () => ({ body: provider }),
      'GET /v2/packets': () => ({ body: [packetFixture({ ...trial }), packetFixture({ id: 7, name: 'All in', packets: [{ id: 5, name: 'Basic', short: '', is_base: true, price: 1, currency: 'RUB' }] })] }),
    });
    const client = testClient();
    client.setQueryData(platformKeys.network(), { provider } as unknown as NetworkInfo);
    const u = userEvent.setup();
    renderWithModals(<ProviderLandingPage />, { path: '/provider/demo', route: '/provider/:shortname', client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo TV' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Demo TV logo' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Try for free' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tariffs' }).getAttribute('href')).toBe('#tariffs');
    expect(screen.getByRole('link', { name: 'Bundles' }).getAttribute('href')).toBe('#bundles');
    expect(screen.getByRole('link', { name: 'Phone: +7 800 000-00-00' }).getAttribute('href')).toBe('tel:+78000000000');
    expect(screen.getByRole('link', { name: 'E-mail: help@demo.tv' }).getAttribute('href')).toBe('mailto:help@demo.tv');
    expect(screen.getByRole('link', { name: 'Connect at home' }).getAttribute('href')).toBe('https://demo.tv/join');
    await u.click(screen.getByRole('button', { name: 'How to install' }));
    expect(where().hash).toBe('#install');
  });

  it("shows another operator's landing without this operator's packets", async () => {
    const api = fakeServer({ 'GET /v2/providers/other/info': () => ({ body: { ...provider, id: 3, name: 'Other TV', landing: { shortname: 'other', logo: '' } } }) });
    renderWithModals(<ProviderLandingPage />, { path: '/provider/other', route: '/provider/:shortname' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Other TV' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Tariffs' })).toBeNull();
    expect(api.routes()).not.toContain('GET /v2/packets');
  });
});
