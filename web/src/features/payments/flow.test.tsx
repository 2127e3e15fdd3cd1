import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { formatMoney } from '@/shared/lib/money';
import { dismissAlert } from '@/shared/ui';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { leaveFor, openNewWindow } from './external';
import { account, packetFixture, paySystemFixture, periodFixture, transactionFixture, userPacketFixture } from './fixtures';
import { renderWithModals, testClient, where } from './testHarness';
import { usePurchase } from './usePurchase';

/** Money as the interface writes it (Intl puts a no-break space after the code). */
const m = (minor: number) => formatMoney(minor, 'RUB', 'en');
/** The text of an element with no-break spaces as plain ones. */
const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

// Role queries over whole dialogs are slow in jsdom on a cold run.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('./external', () => ({ leaveFor: vi.fn(), openNewWindow: vi.fn() }));

function Buyer({ packetId = 5, offer }: { packetId?: number; offer?: { id: number; content: number } }) {
  const { buyPacket, buyOffer } = usePurchase();
  return (
    <>
      <button type="button" onClick={() => void buyPacket(packetId)}>
        buy packet
      </button>
      {offer && (
        <button type="button" onClick={() => void buyOffer(offer.id, offer.content)}>
          buy offer
        </button>
      )}
    </>
  );
}

const user = { id: 1, parental_status: 'not_set' };
const month = periodFixture({ id: 11 });
const three = periodFixture({ id: 13, months: 3, amount: 80700, monthly_amount: 26900, discount: 10, period_human: { days: 0, months: 3, years: 0 } });

function server(over: Record<string, Parameters<typeof fakeServer>[0][string]> = {}) {
  return fakeServer({
    'GET /v2/users/self': () => ({ body: user }),
    'GET /v2/users/self/accounts': () => ({ body: account() }),
    'GET /v2/users/self/balance': () => ({ body: { balance: 100000, currency: 'RUB' } }),
    'GET /v2/packets/5': () => ({ body: packetFixture() }),
    'GET /v2/packets/5/purchaseperiods': () => ({ body: [month] }),
    'GET /v2/users/self/subscriptions/current': () => ({ body: [] }),
    'POST /v2/users/self/subscriptions': () => ({ status: 201, body: userPacketFixture() }),
    ...over,
  });
}

const logged = () => sessionStore.set({ ...emptySession, token: 'tok', isLogged: true, deviceId: 3 });

beforeEach(() => {
  clearCookiesAndStorage();
  window.sessionStorage.clear();
  logged();
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  dismissAlert();
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockReset();
  vi.mocked(openNewWindow).mockReset();
});

describe('purchase flow', () => {
  it('subscribes from the balance after the confirmation and says so', async () => {
    const api = server();
    const u = userEvent.setup();
    const { client } = renderWithModals(<Buyer />, { path: '/packets/5' });
    const stale = vi.spyOn(client, 'invalidateQueries');
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the purchase' });
    expect(text(dialog)).toContain('Basic for 1 month');
    expect(text(dialog)).toContain('Your balance: RUB 1,000');
    await u.click(screen.getByRole('button', { name: `Pay ${m(29900)}` }));
    expect(await screen.findByText('Done! The subscription is active.')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ packet_id: 5, period_id: 11, trial: false });
    expect(typeof (post?.body as { idempotency_key: string }).idempotency_key).toBe('string');
    expect(stale).toHaveBeenCalledWith();
    await waitFor(() => expect(where().hash).toBe(''));
  });

  it('sends a guest to sign in and goes on by itself afterwards', async () => {
    server();
    sessionStore.set({ ...emptySession, token: 'guest', isLogged: false });
    const u = userEvent.setup();
    renderWithModals(<Buyer />, { path: '/packets/5' });
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    await waitFor(() => expect(where().hash).toBe('#auth'));
    expect(window.sessionStorage.getItem('chosenPacket')).toContain('"packetId":5');

    act(() => sessionStore.set({ ...emptySession, token: 'tok', isLogged: true, deviceId: 3 }));
    // The sign-in modal is still open: nothing starts under it.
    expect(screen.queryByRole('dialog', { name: 'Confirm the purchase' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm the purchase' })).toBeTruthy();
    expect(window.sessionStorage.getItem('chosenPacket')).toBeNull();
  });

  it('opens the packet page in a new window when embedded', async () => {
    server();
    const u = userEvent.setup();
    renderWithModals(<Buyer />, { path: '/content_embed/film-9' });
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    await waitFor(() => expect(openNewWindow).toHaveBeenCalledWith('/packets/5?action=buy'));
    expect(where().hash).toBe('');
  });

  it('tells an account that may not pay so', async () => {
    server({ 'GET /v2/users/self/accounts': () => ({ body: account({ allowed: false }) }) });
    const u = userEvent.setup();
    renderWithModals(<Buyer />);
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    expect(await screen.findByRole('dialog', { name: 'Payment is not available' })).toBeTruthy();
  });

  it('asks for a base packet first when the add-on has none', async () => {
    server({ 'GET /v2/packets/6': () => ({ body: packetFixture({ id: 6, name: 'Kino', is_base: false, base: false }) }) });
    const u = userEvent.setup();
    renderWithModals(<Buyer packetId={6} />);
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    await waitFor(() => expect(where().hash).toBe('#quick_packets'));
  });

  it('skips the base packet check where the operator allows add-ons alone', async () => {
    server({
      'GET /v2/packets/6': () => ({ body: packetFixture({ id: 6, name: 'Kino', is_base: false, base: false }) }),
      'GET /v2/packets/6/purchaseperiods': () => ({ body: [month] }),
    });
    const u = userEvent.setup();
    renderWithModals(<Buyer packetId={6} />, { client: testClient({ allowWithoutBase: true }) });
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm the purchase' })).toBeTruthy();
  });

  it('says a packet already held is bought', async () => {
    server({ 'GET /v2/packets/5': () => ({ body: packetFixture({ is_purchased: true }) }) });
    const u = userEvent.setup();
    renderWithModals(<Buyer />);
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    expect(await screen.findByRole('dialog', { name: 'Already bought' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Watch' })).toBeTruthy();
  });

  it('lets the viewer pick the period when there are several', async () => {
    server({ 'GET /v2/packets/5/purchaseperiods': () => ({ body: [month, three] }) });
    const u = userEvent.setup();
    renderWithModals(<Buyer />);
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a period' })).toBeTruthy();
    expect(screen.getByText('−10%')).toBeTruthy();
    await u.click(screen.getByRole('radio', { name: /3 months/ }));
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the purchase' });
    expect(text(dialog)).toContain('Basic for 3 months: RUB 807');
  });

  it('pays what the balance lacks on the gateway page and comes back to this page', async () => {
    const api = server({
      'GET /v2/users/self/balance': () => ({ body: { balance: 10000, currency: 'RUB' } }),
      'GET /v2/users/self/accounts/1/payforms': () => ({ body: [paySystemFixture('balance', 'provider_account'), paySystemFixture('card', 'short_url')] }),
      'POST /v2/users/self/accounts/1/payforms/short_url': () => ({ status: 201, body: transactionFixture({ full_url: '/pay/sandbox/77' }) }),
    });
    const u = userEvent.setup();
    renderWithModals(<Buyer />, { path: '/packets/5?x=1' });
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment by card' });
    expect(text(dialog)).toContain('RUB 199');
    expect(text(dialog)).toContain('Test payment');
    await u.click(screen.getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/pay/sandbox/77'));
    const body = api.calls.find((c) => c.path.endsWith('/short_url'))?.body as Record<string, unknown>;
    expect(body).toMatchObject({ paysystem_shortname: 'card', amount: 19900, packet_id: 5, period_id: 11, is_save_card: false });
    expect(String(body.return_url)).toMatch(/\/packets\/5\?x=1&purchased=true#pay_transaction$/);
    expect(window.localStorage.getItem('purchase_id')).toBe('77');
    expect(window.localStorage.getItem('purchase_packet_id')).toBe('5');
  });

  it('sends the path alone when the server takes no other origin for the return', async () => {
    const api = server({
      'GET /v2/users/self/balance': () => ({ body: { balance: 0, currency: 'RUB' } }),
      'GET /v2/users/self/accounts/1/payforms': () => ({ body: [paySystemFixture('card', 'short_url')] }),
      'POST /v2/users/self/accounts/1/payforms/short_url': [
        () => ({ status: 400, body: { error: { type: 'validation_error', message: 'bad', detail: { return_url: 'commerce_return_url_invalid' } } } }),
        () => ({ status: 201, body: transactionFixture() }),
      ],
    });
    const u = userEvent.setup();
    renderWithModals(<Buyer />, { path: '/packets/5' });
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    await u.click(await screen.findByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/pay/sandbox/77'));
    const sent = api.calls.filter((c) => c.path.endsWith('/short_url')).map((c) => (c.body as { return_url: string }).return_url);
    expect(sent[0]).toMatch(/^http.*\/packets\/5\?purchased=true#pay_transaction$/);
    expect(sent[1]).toBe('/packets/5?purchased=true');
  });

  it('pays a 402 shortfall by QR and waits for the payment', async () => {
    server({
      'POST /v2/users/self/subscriptions': () => ({ status: 402, body: { error: { type: 'insufficient_funds', message: 'short', detail: { amount: '5000', currency: 'RUB' } } } }),
      'GET /v2/users/self/accounts/1/payforms': () => ({ body: [paySystemFixture('card', 'short_url'), paySystemFixture('sbp', 'qrcode')] }),
      'POST /v2/users/self/accounts/1/payforms/qrcode': () => ({
        status: 201,
        body: transactionFixture({ amount: 5000, qrcode_url: '/v2/payments/77/qr.png', qr_payload: 'https://qr.nspk.ru/x' }),
      }),
      'GET /v2/users/self/transactions/77': () => ({ body: transactionFixture({ status: 'complete', amount: 5000 }) }),
    });
    const u = userEvent.setup();
    renderWithModals(<Buyer />);
    await u.click(screen.getByRole('button', { name: 'buy packet' }));
    await u.click(await screen.findByRole('button', { name: `Pay ${m(29900)}` }));
    expect(text(await screen.findByRole('dialog', { name: 'How to pay' }))).toContain('To pay: RUB 50');
    await u.click(screen.getByRole('button', { name: /Pay by sbp/ }));
    const qr = await screen.findByRole('img', { name: `QR code to pay ${m(5000)}` });
    expect(qr.getAttribute('src')).toBe('/v2/payments/77/qr.png?access_token=tok');
    expect(await screen.findByText('Done! The subscription is active.')).toBeTruthy();
  });

  it('buys a film by its offer and plays it', async () => {
    const api = server({
      'GET /v2/offers/contents/9': () => ({ body: [{ offer_id: 3, content_id: 9, type: 'rent', amount: 9900, currency: 'RUB', rental_hours: 48, title: 'Film' }] }),
      'POST /v2/users/self/purchases': () => ({ status: 201, body: { id: 1, offer_id: 3, content_id: 9, type: 'rent', start_at: 0, end_at: 0, amount: 9900, currency: 'RUB' } }),
    });
    const u = userEvent.setup();
    renderWithModals(<Buyer offer={{ id: 3, content: 9 }} />, { path: '/contents/film-9' });
    await u.click(screen.getByRole('button', { name: 'buy offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the purchase' });
    expect(text(dialog)).toContain('Film: RUB 99 will be paid from your balance.');
    await u.click(screen.getByRole('button', { name: `Pay ${m(9900)}` }));
    expect(await screen.findByText('Payment received. Enjoy watching!')).toBeTruthy();
    await waitFor(() => expect(where().path).toBe('/watch/9'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ offer_id: 3 });
  });

  it('offers to pay the rest of a film the balance cannot cover (nofunds)', async () => {
    server({
      'GET /v2/users/self/balance': () => ({ body: { balance: 1000, currency: 'RUB' } }),
      'GET /v2/offers/contents/9': () => ({ body: [{ offer_id: 3, content_id: 9, type: 'buy', amount: 9900, currency: 'RUB', rental_hours: 0, title: 'Film' }] }),
    });
    const u = userEvent.setup();
    renderWithModals(<Buyer offer={{ id: 3, content: 9 }} />);
    await u.click(screen.getByRole('button', { name: 'buy offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not enough funds' });
    expect(text(dialog)).toContain('lacks RUB 89');
    expect(screen.getByRole('button', { name: 'Top up the balance' })).toBeTruthy();
  });
});

describe('the return from the gateway', () => {
  it('polls the saved transaction, shows the content variant, plays and clears purchased', async () => {
    server({ 'GET /v2/users/self/transactions/77': () => ({ body: transactionFixture({ status: 'complete', kind: 'offer', offer_id: 3, packet_id: null }) }) });
    window.localStorage.setItem('purchase_id', '77');
    window.localStorage.setItem('purchase_flow', JSON.stringify({ purchase: { kind: 'offer', offerId: 3, contentId: 9, name: 'Film' }, savedAtMs: Date.now() }));
    renderWithModals(<Buyer />, { path: '/contents/film-9?purchased=true#pay_transaction' });
    expect(await screen.findByText('Payment received. Enjoy watching!')).toBeTruthy();
    await waitFor(() => expect(where().path).toBe('/watch/9'));
    expect(window.localStorage.getItem('purchase_id')).toBeNull();
  });

  it('shows the gateway reason of a failed payment', async () => {
    server({ 'GET /v2/users/self/transactions/77': () => ({ body: transactionFixture({ status: 'error', status_description: 'Card declined' }) }) });
    window.localStorage.setItem('purchase_id', '77');
    window.localStorage.setItem('purchase_flow', JSON.stringify({ purchase: null, savedAtMs: Date.now() }));
    renderWithModals(<Buyer />, { path: '/packets/5?purchased=true#pay_transaction' });
    const dialog = await screen.findByRole('dialog', { name: 'Payment failed' });
    expect(text(dialog)).toContain('Card declined');
    expect(where().search).toBe('');
  });

  it('opens the result when the address lost the modal', async () => {
    server({ 'GET /v2/users/self/transactions/77': () => ({ body: transactionFixture({ status: 'pending' }) }) });
    window.localStorage.setItem('purchase_id', '77');
    window.localStorage.setItem('purchase_flow', JSON.stringify({ purchase: null, savedAtMs: Date.now() }));
    renderWithModals(<Buyer />, { path: '/packets/5?purchased=true' });
    expect(await screen.findByRole('dialog', { name: 'Payment' })).toBeTruthy();
    expect(where().hash).toBe('#pay_transaction');
  });

  it('drops a saved transaction older than an hour', async () => {
    const api = server();
    window.localStorage.setItem('purchase_id', '77');
    window.localStorage.setItem('purchase_flow', JSON.stringify({ purchase: null, savedAtMs: Date.now() - 3_700_000 }));
    renderWithModals(<Buyer />, { path: '/packets/5?purchased=true#pay_transaction' });
    await waitFor(() => expect(where().hash).toBe(''));
    expect(window.localStorage.getItem('purchase_id')).toBeNull();
    expect(api.routes()).not.toContain('GET /v2/users/self/transactions/77');
  });
});
