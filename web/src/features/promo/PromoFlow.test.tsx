import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, DEFAULT_CONFIGURATION, platformKeys, type NetworkInfo } from '@/shared/api';
import { modalFromHash, useModalNavigation } from '@/shared/lib/modalNavigation';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { savePending } from './pendingPromo';
import { PromocodeModal } from './PromocodeModal';
import { PromoPage } from './PromoPage';
import { PromoPathWatcher } from './PromoPathWatcher';
import type { PromoData } from './types';

const i18n = createTestI18n('en');

const promo = (over: Partial<PromoData> = {}): PromoData => ({
  key: 'EFIR30',
  amount: 0,
  currency: 'RUB',
  days: 30,
  ott_days: 0,
  packet_ids: [1],
  ott_packet_ids: [],
  packets: [{ id: 1, name: 'Base', short: 'base', is_base: true, price: 29900, currency: 'RUB' }],
  is_paid: false,
  needed_refund: false,
  confirmation_title: '',
  confirmation_text: '',
  confirmation_desc: '',
  is_need_confirm: false,
  description: '',
  ...over,
});

const kino = promo({
  key: 'KINO7',
  days: 7,
  is_paid: true,
  needed_refund: true,
  is_need_confirm: true,
  confirmation_title: 'Cinema for a week',
  confirmation_text: 'After 7 days the subscription renews at 199 RUB a month.',
  confirmation_desc: 'Cancel at any time in the settings.',
});

let navigateTo: NavigateFunction = () => undefined;

function Where() {
  const l = useLocation();
  navigateTo = useNavigate();
  return <output data-testid="where" data-path={l.pathname} data-hash={l.hash} data-state={JSON.stringify(l.state ?? null)} />;
}

/** A stand-in for the modal host: the promo dialog for its hash, the promo page for its route. */
function Host() {
  const l = useLocation();
  const { close, data } = useModalNavigation();
  return (
    <>
      {modalFromHash(l.hash) === 'promocode' && <PromocodeModal onClose={close} data={data} />}
      <Routes>
        <Route path="/promo/:id" element={<PromoPage />} />
        <Route path="*" element={<PromoPathWatcher />} />
      </Routes>
      <Where />
    </>
  );
}

function network(over: Partial<NetworkInfo> = {}): NetworkInfo {
  return { promo_days: 0, is_have_purchases: false, phone_mask: '', provider: { id: 1 }, ...over } as NetworkInfo;
}

function renderAt(entry: string, net: NetworkInfo = network()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(platformKeys.configuration(), { ...DEFAULT_CONFIGURATION, promocodes_enabled: true });
  client.setQueryData(platformKeys.network(), net);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[entry]}>
          <Host />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

const where = () => screen.getByTestId('where').dataset;
const field = () => screen.getByRole('textbox', { name: 'Promo code' }) as HTMLInputElement;
const activate = () => screen.getByRole('button', { name: 'Activate' }) as HTMLButtonElement;

beforeEach(() => {
  sessionStorage.clear();
  sessionStore.set({ ...emptySession, token: 'user-token', isLogged: true });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('#promocode', () => {
  it('keeps the button off while the code is empty and takes at most 15 characters', async () => {
    fakeServer({});
    renderAt('/#promocode');
    expect(activate().disabled).toBe(true);
    expect(field().maxLength).toBe(15);
    await userEvent.type(field(), '   ');
    expect(activate().disabled).toBe(true);
    await userEvent.type(field(), 'EFIR30');
    expect(activate().disabled).toBe(false);
  });

  it('checks, applies and tells what was given, then reads access again', async () => {
    const s = fakeServer({
      'POST /v2/users/self/promokeys/check': () => ({ body: promo() }),
      'POST /v2/users/self/promokeys': () => ({ status: 201, body: promo() }),
    });
    const { invalidate } = renderAt('/#promocode');
    await userEvent.type(field(), ' EFIR30 ');
    await userEvent.click(activate());
    expect(await screen.findByText('The promo code is activated.')).toBeTruthy();
    expect(screen.getByText('Base: 30 days')).toBeTruthy();
    // The invalidation then reads the rest again (here the configuration).
    expect(s.routes().slice(0, 2)).toEqual(['POST /v2/users/self/promokeys/check', 'POST /v2/users/self/promokeys']);
    expect(s.calls[1]!.body).toEqual({ key: 'EFIR30' });
    expect(invalidate).toHaveBeenCalledWith();
    await userEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(where().hash).toBe('');
  });

  it('shows a credit in the currency format', async () => {
    const gift = promo({ key: 'GIFT500', days: 0, packet_ids: [], packets: [], amount: 50000 });
    fakeServer({
      'POST /v2/users/self/promokeys/check': () => ({ body: gift }),
      'POST /v2/users/self/promokeys': () => ({ status: 201, body: gift }),
    });
    renderAt('/#promocode');
    await userEvent.type(field(), 'GIFT500');
    await userEvent.click(activate());
    expect(await screen.findByText('RUB 500 on your balance')).toBeTruthy();
  });

  it.each([
    [400, 'promo_invalid', 'This code has been used up.'],
    [404, 'not_found', 'No such promo code.'],
  ])('goes back to step 1 with the server message on %i', async (status, type, message) => {
    fakeServer({ 'POST /v2/users/self/promokeys/check': () => ({ status, body: { error: { type, message } } }) });
    renderAt('/#promocode');
    await userEvent.type(field(), 'USED2025');
    await userEvent.click(activate());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(field().value).toBe('USED2025');
    expect(activate().disabled).toBe(false);
  });

  it('sends a guest to sign in and comes back with the code', async () => {
    sessionStore.set({ ...emptySession, token: 'guest-token', isLogged: false });
    const s = fakeServer({
      'POST /v2/users/self/promokeys/check': () => ({ body: promo() }),
      'POST /v2/users/self/promokeys': () => ({ status: 201, body: promo() }),
    });
    renderAt('/channels#promocode');
    await userEvent.type(field(), 'EFIR30');
    await userEvent.click(activate());
    expect(s.calls).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(where().hash).toBe('#auth');
    expect(JSON.parse(where().state!).returnTo).toBe('/channels#promocode');

    // The sign-in modal logs in and goes back where it was asked to.
    act(() => sessionStore.set((x) => ({ ...x, token: 'user-token', isLogged: true })));
    act(() => void navigateTo('/channels#promocode', { replace: true }));
    expect(await screen.findByText('The promo code is activated.')).toBeTruthy();
    expect(s.calls[0]!.body).toEqual({ key: 'EFIR30' });
  });

  it('links a card for a paid key on the promo page, then confirms and applies', async () => {
    const cards = [() => ({ body: [] }), () => ({ body: [] }), () => ({ body: [{ id: 1, number: '•••• 4242', brand: 'Visa', is_primary: true }] })];
    const s = fakeServer({
      'POST /v2/users/self/promokeys/check': () => ({ body: kino }),
      'POST /v2/users/self/promokeys': () => ({ status: 201, body: kino }),
      'GET /v2/users/self/cards': cards,
      'GET /v2/promokeys/KINO7/info': () => ({ body: kino }),
    });
    renderAt('/channels#promocode');
    await userEvent.type(field(), 'KINO7');
    await userEvent.click(activate());
    expect(await screen.findByText('This promo code needs a linked bank card.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Link a card' }));

    // The dialog hands over to the promo page with the payments area's #card over it.
    expect(where().path).toBe('/promo/KINO7');
    expect(where().hash).toBe('#card');
    expect(JSON.parse(where().state!).modalData).toMatchObject({ needed_refund: true, return_url: '/promo/KINO7' });
    expect(await screen.findByText('This promo code needs a linked bank card.')).toBeTruthy();

    // #card closes: the page looks for the new card, then asks for the confirmation.
    act(() => void navigateTo('/promo/KINO7', { replace: true }));
    expect(await screen.findByText('Cinema for a week')).toBeTruthy();
    expect(screen.getByText('After 7 days the subscription renews at 199 RUB a month.')).toBeTruthy();
    expect(screen.getByText('Cancel at any time in the settings.')).toBeTruthy();
    expect(s.routes()).not.toContain('POST /v2/users/self/promokeys');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The promo code is activated.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start watching' })).toBeTruthy();
  });

  it('says the card was not linked when none appears within 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    savePending({ stage: 'card', key: 'KINO7', promo: kino, at: Date.now() });
    fakeServer({ 'GET /v2/users/self/cards': () => ({ body: [] }), 'GET /v2/promokeys/KINO7/info': () => ({ body: kino }) });
    renderAt('/promo/KINO7?purchased=true');
    expect(await screen.findByText('Waiting for the card to be linked…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(11_000));
    expect((await screen.findByRole('alert')).textContent).toBe('The card was not linked, so the promo code was not activated.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('/promo/{id}', () => {
  it('fills the key in, shows what it gives and invites a guest to register', async () => {
    sessionStore.set({ ...emptySession, token: 'guest-token', isLogged: false });
    fakeServer({ 'GET /v2/promokeys/EFIR30/info': () => ({ body: promo({ description: 'A month of Base for free' }) }) });
    renderAt('/promo/EFIR30', network({ promo_days: 7 }));
    expect(await screen.findByText('A month of Base for free')).toBeTruthy();
    expect(screen.getByText('Base: 30 days')).toBeTruthy();
    expect(field().value).toBe('EFIR30');
    expect(screen.getByRole('heading', { name: 'Sign up and watch 7 days free' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(where().hash).toBe('#auth');
  });

  it('says when the key in the path is unknown and keeps the form', async () => {
    fakeServer({ 'GET /v2/promokeys/NOPE/info': () => ({ status: 404, body: { error: { type: 'not_found', message: 'No such promo code.' } } }) });
    renderAt('/promo/NOPE', network({ promo_days: 7 }));
    expect(await screen.findByText('No such promo code.')).toBeTruthy();
    expect(field().value).toBe('NOPE');
    // Signed-in viewers get no register prompt.
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });
});

describe('PromoPathWatcher', () => {
  it('opens the promo dialog on a path containing promo, once', async () => {
    fakeServer({});
    renderAt('/vk_promo');
    await waitFor(() => expect(where().hash).toBe('#promocode'));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(where().hash).toBe('');
    await new Promise((r) => setTimeout(r, 20));
    expect(where().hash).toBe('');
  });

  it('leaves other paths alone', async () => {
    fakeServer({});
    renderAt('/channels');
    await new Promise((r) => setTimeout(r, 20));
    expect(where().hash).toBe('');
  });
});
