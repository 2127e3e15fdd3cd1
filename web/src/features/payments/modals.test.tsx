import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { dismissAlert } from '@/shared/ui';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import type { PayModalData } from './flow';
import { account, paySystemFixture, periodFixture, transactionFixture, userPacketFixture } from './fixtures';
import { useSubscriptionActions } from './subscriptionActions';
import { renderWithModals, where } from './testHarness';

// Role queries over whole dialogs are slow in jsdom on a cold run.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('./external', () => ({ leaveFor: vi.fn(), openNewWindow: vi.fn() }));

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');
const user = { id: 1, phone: '+79001234567', parental_status: 'not_set' };

beforeEach(() => {
  clearCookiesAndStorage();
  sessionStore.set({ ...emptySession, token: 'tok', isLogged: true, deviceId: 3 });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  dismissAlert();
  vi.unstubAllGlobals();
});

function Held() {
  const actions = useSubscriptionActions();
  const held = { id: 40, packetId: 5, name: 'Basic', endAt: 1_900_000_000 };
  return (
    <>
      <button type="button" onClick={() => void actions.disable(held)}>
        disable
      </button>
      <button type="button" onClick={() => void actions.enable(held)}>
        enable
      </button>
    </>
  );
}

describe('subscription buttons', () => {
  it('turns renewal off after a confirmation', async () => {
    const api = fakeServer({
      'GET /v2/users/self': () => ({ body: user }),
      'DELETE /v2/users/self/subscriptions/40': () => ({ status: 204 }),
    });
    const u = userEvent.setup();
    renderWithModals(<Held />);
    await u.click(screen.getByRole('button', { name: 'disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off renewal?' });
    expect(dialog.textContent).toContain('Basic stays available until');
    await u.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Renewal is off. The packet stays until the end of the paid period.')).toBeTruthy();
    expect(api.routes()).toContain('DELETE /v2/users/self/subscriptions/40');
  });

  it('shows the operator message when unsubscribing is forbidden (451)', async () => {
    fakeServer({
      'GET /v2/users/self': () => ({ body: user }),
      'DELETE /v2/users/self/subscriptions/40': () => ({ status: 451, body: { error: { type: 'unsubscribe_forbidden', message: 'Call us to unsubscribe.' } } }),
    });
    const u = userEvent.setup();
    renderWithModals(<Held />);
    await u.click(screen.getByRole('button', { name: 'disable' }));
    await u.click(await screen.findByRole('button', { name: 'Turn off' }));
    const message = await screen.findByRole('dialog', { name: 'Cannot unsubscribe' });
    expect(message.textContent).toContain('Call us to unsubscribe.');
  });

  it('titles a refused disable title_disabled_renewal', async () => {
    fakeServer({
      'GET /v2/users/self': () => ({ body: user }),
      'DELETE /v2/users/self/subscriptions/40': () => ({ status: 400, body: { error: { type: 'title_disabled_renewal', message: 'Promo packets stay.' } } }),
    });
    const u = userEvent.setup();
    renderWithModals(<Held />);
    await u.click(screen.getByRole('button', { name: 'disable' }));
    await u.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect((await screen.findByRole('dialog', { name: 'Renewal cannot be turned off' })).textContent).toContain('Promo packets stay.');
  });

  it('turns renewal on', async () => {
    const api = fakeServer({ 'PATCH /v2/users/self/subscriptions/40': () => ({ body: userPacketFixture() }) });
    const u = userEvent.setup();
    renderWithModals(<Held />);
    await u.click(screen.getByRole('button', { name: 'enable' }));
    expect(await screen.findByText('Renewal is on.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ renew: true });
  });
});

describe('#subscription', () => {
  it('changes the renewal period and says it is planned', async () => {
    const api = fakeServer({
      'GET /v2/packets/5/purchaseperiods': () => ({
        body: [periodFixture({ id: 11, is_current: true }), periodFixture({ id: 13, months: 3, amount: 80700, period_human: { days: 0, months: 3, years: 0 } })],
      }),
      'PATCH /v2/users/self/subscriptions/40': () => ({ body: userPacketFixture({ period_id: 11, next_pay_at: 1_900_000_000 }) }),
    });
    const u = userEvent.setup();
    renderWithModals(null, { path: '/settings#subscription', modalData: { subscriptionId: 40, packetId: 5, name: 'Basic' } });
    expect(await screen.findByRole('radio', { name: /1 month.*Current/ })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Change period' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await u.click(screen.getByRole('radio', { name: /3 months/ }));
    await u.click(save);
    expect(await screen.findByText(/^The new period will start on /)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ period_id: 13 });
  });
});

const phonePay: PayModalData = {
  purchase: { kind: 'packet', packetId: 5, name: 'Basic', periodId: 11 },
  amount: 19900,
  currency: 'RUB',
  paysystem: 'mobile',
  title: 'Mobile',
  isTest: false,
};

describe('#pay_phone_sms', () => {
  it('takes the phone, then the SMS code (a wrong one says why), then waits for the payment', async () => {
    const api = fakeServer({
      'GET /v2/users/self': () => ({ body: user }),
      'GET /v2/users/self/accounts': () => ({ body: account() }),
      'POST /v2/users/self/accounts/1/payforms/phone': () => ({ status: 201, body: transactionFixture({ id: 78 }) }),
      'POST /v2/users/self/accounts/1/payforms/confirm_by_sms': [
        () => ({ status: 400, body: { error: { type: 'validation_error', message: 'bad', detail: { code: 'The code is wrong' } } } }),
        () => ({ body: transactionFixture({ id: 78, status: 'pending' }) }),
      ],
      'GET /v2/users/self/transactions/78': () => ({ body: transactionFixture({ id: 78, status: 'pending' }) }),
    });
    const u = userEvent.setup();
    renderWithModals(null, { path: '/packets/5#pay_phone_sms', modalData: phonePay });
    const phone = await screen.findByLabelText('Phone number');
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('+79001234567'));
    await u.click(screen.getByRole('button', { name: 'Get the code' }));
    expect(await screen.findByText('We sent a code by SMS to +79001234567.')).toBeTruthy();
    await u.type(screen.getByLabelText('Code from the SMS'), '1111');
    await u.click(screen.getByRole('button', { name: 'Confirm the payment' }));
    expect(await screen.findByText('The code is wrong')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Confirm the payment' }));
    await waitFor(() => expect(where().hash).toBe('#pay_transaction'));
    expect(api.calls.find((c) => c.path.endsWith('/phone'))?.body).toMatchObject({ phone: '+79001234567', packet_id: 5, amount: 19900 });
    expect(api.calls.filter((c) => c.path.endsWith('/confirm_by_sms')).at(-1)?.body).toMatchObject({ transaction_id: 78, code: '1111' });
  });
});

describe('#refill', () => {
  it('tops the balance up by the amount typed through the pay system', async () => {
    const api = fakeServer({
      'GET /v2/users/self/accounts': () => ({ body: account() }),
      'GET /v2/users/self/balance': () => ({ body: { balance: 100000, currency: 'RUB' } }),
      'GET /v2/users/self/accounts/1/payforms': () => ({ body: [paySystemFixture('card', 'short_url')] }),
      'GET /v2/users/self/cards': () => ({ body: [] }),
    });
    const u = userEvent.setup();
    renderWithModals(null, { path: '/settings#refill' });
    const field = await screen.findByLabelText('Amount, RUB');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter an amount greater than zero')).toBeTruthy();
    await u.type(field, '500');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment by card' });
    expect(text(dialog)).toContain('RUB 500');
    expect(text(dialog)).not.toContain('Save the card');
    expect(api.routes()).not.toContain('POST /v2/users/self/accounts/1/payforms/short_url');
  });
});

describe('#pay_qr_alma', () => {
  it('starts at what the contract owes and shows the card page as a QR code for the phone', async () => {
    const api = fakeServer({
      'GET /v2/users/self/accounts': () => ({ body: account() }),
      'GET /v2/users/self/balance': () => ({ body: { balance: -150000, currency: 'KZT' } }),
      'GET /v2/users/self/accounts/1/payforms': () => ({ body: [paySystemFixture('balance', 'provider_account'), paySystemFixture('card', 'short_url')] }),
      'POST /v2/users/self/accounts/1/payforms/short_url': () => ({
        status: 201,
        body: transactionFixture({ id: 91, amount: 150000, currency: 'KZT', full_url: '/pay/sandbox/p91', qrcode_url: '/v2/payments/91/qr.png' }),
      }),
      'GET /v2/users/self/transactions/91': () => ({ body: transactionFixture({ id: 91, status: 'pending' }) }),
    });
    const u = userEvent.setup();
    renderWithModals(null, { path: '/#pay_qr_alma', modalData: { amount: 150000 } });
    const field = await screen.findByLabelText('Amount, KZT');
    expect((field as HTMLInputElement).value).toBe('1500');
    await u.click(screen.getByRole('button', { name: 'Show the QR code' }));
    const img = await screen.findByRole('img', { name: /QR code/ });
    expect(img.getAttribute('src')).toContain('/v2/payments/91/qr.png');
    expect(screen.getByRole('link', { name: 'Pay on this device' }).getAttribute('href')).toBe('/pay/sandbox/p91');
    // The phone pays: no way back to this page is sent, the dialog polls instead.
    const body = api.calls.find((c) => c.path.endsWith('/payforms/short_url'))?.body as Record<string, unknown>;
    expect(body).toMatchObject({ paysystem_shortname: 'card', amount: 150000 });
    expect(body.return_url).toBeUndefined();
  });
});

describe('a payment modal without its data', () => {
  it('says there is nothing to pay', async () => {
    fakeServer({});
    renderWithModals(null, { path: '/#pay_redirect' });
    expect(await screen.findByText('This payment is no longer in progress. Start the purchase again if you need it.')).toBeTruthy();
  });
});
