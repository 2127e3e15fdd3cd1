import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, platformKeys, type NetworkInfo } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { AuthModal } from './AuthModal';
import { authStore } from './authStore';

const i18n = createTestI18n('en');
const NOW_S = Math.floor(Date.now() / 1000);
const profile = { id: 1, name: 'Main', icon: '', icon_avatar_id: 1, type: 'regular', role: 'adult' };
const device = { id: 77, serial: 's', device_type: 'pc', is_current: true };

function network(over: Partial<NetworkInfo> & { alma?: boolean } = {}): NetworkInfo {
  const { alma = false, ...rest } = over;
  return {
    provider: { id: alma ? 2 : 1, name: 'Op', alma, auth_only: false } as NetworkInfo['provider'],
    default: { title: 'Sign in to Op', description: 'Use your phone.' },
    auto_auth: null,
    is_guest_allowed: true,
    promo_days: 0,
    country: '',
    remote: '127.0.0.1',
    is_have_purchases: false,
    lk_link: null,
    languages: ['ru', 'en'],
    phone_mask: '+7 (###) ###-##-##',
    phone_otp_length: alma ? 4 : 6,
    auth_only: false,
    agreement_url: '/v2/texts/agreement',
    privacy_url: '/v2/texts/privacy',
    country_allowed: true,
    ...rest,
  } as NetworkInfo;
}

const loginEnd = {
  'POST /v2/users/self/devices': () => ({ status: 201, body: device }),
  'POST /v2/auth/device': () => ({ body: { access_token: 'device-token', expired: NOW_S + 3600, device, profile } }),
};

function renderModal(net: NetworkInfo) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(platformKeys.network(), net);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/#auth']}>
          <AuthModal onClose={onClose} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { onClose, queryClient };
}

async function enterPhone(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await user.type(screen.getByLabelText('Phone number'), digits);
  await user.click(screen.getByRole('button', { name: 'Get code' }));
}

beforeEach(() => {
  clearCookiesAndStorage();
  sessionStorage.clear();
  sessionStore.set({ ...emptySession, token: 'guest-token' });
  authStore.set({ newlyRegistered: null, autoAuthFailure: null });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AuthModal, phone sign-in', () => {
  it('shows the operator title and rejects a short phone without a call', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderModal(network());
    expect(screen.getByRole('dialog', { name: 'Sign in to Op' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'By phone', selected: true })).toBeTruthy();
    await enterPhone(user, '900123');
    expect(screen.getByText('Wrong phone number')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('registers an unknown phone (invalid_phone), sends the code again and signs in', async () => {
    const server = fakeServer({
      'GET /v2/otp/send_methods': () => ({ body: { methods: ['sms'], link: null } }),
      'POST /v2/otps': [
        () => ({ status: 400, body: { error: { type: 'invalid_phone', message: 'Unknown phone' } } }),
        () => ({ body: { message: 'sent' } }),
      ],
      'POST /v2/users': () => ({ status: 201, body: { id: 5 } }),
      'POST /v2/auth/otp': () => ({ body: { access_token: 'login-token', expired: NOW_S + 60 } }),
      ...loginEnd,
    });
    const user = userEvent.setup();
    renderModal(network());
    await enterPhone(user, '+7 900 123 45 67');
    const code = await screen.findByLabelText('Confirmation code');
    expect(server.routes()).toEqual(['GET /v2/otp/send_methods', 'POST /v2/otps', 'POST /v2/users', 'POST /v2/otps']);
    expect(server.calls[2]!.body).toMatchObject({ phone: '79001234567' });
    expect(authStore.get().newlyRegistered?.phone).toBe('79001234567');
    expect(screen.getByText(/Send again in 6\d s|Send again in 60 s/)).toBeTruthy();

    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await user.type(code, '12345');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(code, '6');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(sessionStore.get().isLogged).toBe(true));
    // The guest's cached queries are reset; the platform's (answered by address) are kept.
    expect(server.routes().slice(4)).toEqual(['POST /v2/auth/otp', 'POST /v2/users/self/devices', 'POST /v2/auth/device']);
    expect(server.calls[4]!.body).toEqual({ phone: '79001234567', token: '123456' });
  });

  it('shows the server error of a wrong code in the form', async () => {
    fakeServer({
      'GET /v2/otp/send_methods': () => ({ body: { methods: ['sms'], link: null } }),
      'POST /v2/otps': () => ({ body: { message: 'sent' } }),
      'POST /v2/auth/otp': () => ({ status: 400, body: { error: { type: 'validation_error', message: 'Wrong code.', detail: { token: 'Wrong code.' } } } }),
    });
    const user = userEvent.setup();
    renderModal(network());
    await enterPhone(user, '9001234567');
    await user.type(await screen.findByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong code.');
  });

  it('shows the wait of a 429 as a countdown', async () => {
    fakeServer({
      'GET /v2/otp/send_methods': () => ({ body: { methods: ['sms'], link: null } }),
      'POST /v2/otps': () => ({ status: 429, body: { error: { type: 'rate_limited', message: 'Too many', detail: { wait: '42' } } } }),
    });
    const user = userEvent.setup();
    renderModal(network());
    await enterPhone(user, '9001234567');
    expect((await screen.findByRole('status')).textContent).toMatch(/Next try in 4[123] seconds/);
    expect((screen.getByRole('button', { name: 'Get code' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the Telegram hint when Telegram comes first with a link', async () => {
    fakeServer({
      'GET /v2/otp/send_methods': () => ({ body: { methods: ['telegram', 'sms'], link: 'https://t.me/bot?start=1' } }),
      'POST /v2/otps': () => ({ body: { message: 'sent' } }),
    });
    const user = userEvent.setup();
    renderModal(network());
    await enterPhone(user, '9001234567');
    const open = await screen.findByRole('link', { name: 'Open Telegram' });
    expect(open.getAttribute('href')).toBe('https://t.me/bot?start=1');
    expect(screen.queryByLabelText('Confirmation code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I already have a code' }));
    expect(screen.getByLabelText('Confirmation code')).toBe(document.activeElement);
  });
});

describe('AuthModal, Alma flow', () => {
  it('goes code -> city -> address -> signed in', async () => {
    const address = { address: 'Abay 1', address_id: 11, provider_id: 2, user_id: 501 };
    const server = fakeServer({
      'POST /v2/mw/otps': () => ({ body: { message: 'sent' } }),
      'POST /v2/mw/auth/otp': () => ({ body: { mwat: 'mw1', cities: [] } }),
      'GET /v2/mw/cities': () => ({ body: [{ id: 1, name: 'Almaty' }, { id: 2, name: 'Astana' }] }),
      'POST /v2/mw/set_city': () => ({ body: { mwat: 'mw2', addresses: [address] } }),
      'POST /v2/mw/set_address': () => ({ body: { access_token: 'alma-login', expired: NOW_S + 60 } }),
      ...loginEnd,
    });
    const user = userEvent.setup();
    renderModal(network({ alma: true }));
    await enterPhone(user, '7011234567');
    await user.type(await screen.findByLabelText('Confirmation code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(await screen.findByRole('radio', { name: 'Astana' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('radio', { name: 'Abay 1' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sessionStore.get().isLogged).toBe(true));
    expect(server.routes()).toEqual([
      'POST /v2/mw/otps',
      'POST /v2/mw/auth/otp',
      'GET /v2/mw/cities',
      'POST /v2/mw/set_city',
      'POST /v2/mw/set_address',
      'POST /v2/users/self/devices',
      'POST /v2/auth/device',
    ]);
    expect(server.calls[0]!.body).toMatchObject({ phone: '77011234567' });
    expect(server.calls[3]!.body).toEqual({ mwat: 'mw1', city_id: 2 });
    expect(server.calls[4]!.body).toEqual({ mwat: 'mw2', address_id: 11, provider_id: 2, user_id: 501 });
  });

  it('moves to the code step without a call when the phone does not begin with 7', async () => {
    const server = fakeServer({
      'POST /v2/mw/auth/otp': () => ({ status: 400, body: { error: { type: 'validation_error', message: 'Unknown subscriber.' } } }),
    });
    const user = userEvent.setup();
    renderModal(network({ alma: true, phone_mask: '(###) ###-##-##' }));
    await enterPhone(user, '9011234567');
    const code = await screen.findByLabelText('Confirmation code');
    expect(server.calls).toHaveLength(0);
    await user.type(code, '1234');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown subscriber.');
  });
});

describe('AuthModal, other views', () => {
  it('login form: required and length rules send nothing', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderModal(network());
    await user.click(screen.getByRole('tab', { name: 'With login' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Login' }), '123456789');
    await user.type(screen.getByLabelText('Password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Maximum characters: 8')).toBeTruthy();
    expect(screen.getByText('Maximum characters: 6')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('login form: no network response shows the loading error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const user = userEvent.setup();
    renderModal(network());
    await user.click(screen.getByRole('tab', { name: 'With login' }));
    await user.type(screen.getByRole('textbox', { name: 'Login' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'efir24');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/the server does not respond/);
  });

  it('without a provider shows the default title, description and a close button', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal(network({ provider: null }));
    expect(screen.getByRole('dialog', { name: 'Sign in to Op' })).toBeTruthy();
    expect(screen.getByText('Use your phone.')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it('a failed auto-auth shows the support phone and a retry', () => {
    authStore.set({ newlyRegistered: null, autoAuthFailure: { message: '', supportPhone: '+7 727 000-00-00' } });
    renderModal(network());
    expect(screen.getByRole('dialog', { name: 'Automatic sign-in failed' })).toBeTruthy();
    expect(screen.getByText(/\+7 727 000-00-00/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
