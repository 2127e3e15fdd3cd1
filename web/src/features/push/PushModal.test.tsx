import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { emptySession } from '@/shared/session/sessionStore';
import { fakeServer } from '../../test/fakeServer';
import { createTestI18n } from '../../test/i18n';
import { base64UrlToBytes } from './api';
import PushModal from './PushModal';

// The worker's registration has its own tests (serviceWorker.test.ts): here it is there.
const pushManager = { getSubscription: vi.fn(), subscribe: vi.fn() };
const registration = { pushManager } as unknown as ServiceWorkerRegistration;
vi.mock('./serviceWorker', () => ({ ensureServiceWorker: vi.fn(async () => ({ outcome: 'registered', registration })) }));

const i18n = createTestI18n('en');
const VAPID = 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8';
const subscriptionJSON = { endpoint: 'https://push.example/wpush/1', expirationTime: null, keys: { p256dh: 'BCVx', auth: 'BTBZ' } };

function browserSubscription(key: Uint8Array) {
  return { options: { applicationServerKey: key.buffer }, toJSON: () => subscriptionJSON, unsubscribe: vi.fn(async () => true) };
}

function stubBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted', push = true) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  if (push) vi.stubGlobal('PushManager', class {});
  else Reflect.deleteProperty(window, 'PushManager');
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve(registration) }, configurable: true });
  return requestPermission;
}

function renderModal() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/#push']}>
          <div id="root" />
          <PushModal onClose={onClose} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

beforeEach(() => {
  sessionStore.set({ ...emptySession, token: 'device-token', isLogged: true });
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
  pushManager.getSubscription.mockReset().mockResolvedValue(null);
  pushManager.subscribe.mockReset().mockImplementation(async (o: PushSubscriptionOptionsInit) => browserSubscription(o.applicationServerKey as Uint8Array));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'isSecureContext');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushModal', () => {
  it('asks the browser, subscribes with the installation key and stores the subscription for the device', async () => {
    const requestPermission = stubBrowser('default');
    const server = fakeServer({
      'GET /v2/push/vapid_key': () => ({ body: { public_key: VAPID } }),
      'POST /v2/users/self/push_subscriptions': () => ({ status: 201, body: { id: 1, device_id: 3, current: true, created_at: '', updated_at: '' } }),
    });
    const user = userEvent.setup();
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByText(/Allow notifications and we will tell you/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Allow notifications' }));
    expect(await screen.findByText(/Notifications are on for this device/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/Notifications are on/);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(VAPID) });
    const saved = server.calls.find((c) => c.method === 'POST');
    expect(saved?.body).toEqual(subscriptionJSON);
    expect(saved?.headers).toMatchObject({ Authorization: expect.stringContaining('device-token') });
    expect(screen.queryByRole('button', { name: 'Allow notifications' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('says where to allow notifications when the viewer blocks them, and sends nothing', async () => {
    stubBrowser('default', 'denied');
    const server = fakeServer({});
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Allow notifications' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('opens on the blocked text when the site is blocked already', () => {
    const requestPermission = stubBrowser('denied');
    renderModal();
    expect(screen.getByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow notifications' })).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('tells a browser without web push that it cannot', () => {
    stubBrowser('default', 'granted', false);
    renderModal();
    expect(screen.getByText('This browser cannot show notifications from websites.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow notifications' })).toBeNull();
  });

  it('offers to try again when the server does not take the subscription', async () => {
    stubBrowser('default');
    fakeServer({
      'GET /v2/push/vapid_key': () => ({ body: { public_key: VAPID } }),
      'POST /v2/users/self/push_subscriptions': () => ({ status: 500, body: { error: { type: 'internal', message: 'x' } } }),
    });
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Allow notifications' }));
    expect(await screen.findByText('Could not turn notifications on. Try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('replaces a browser subscription made with another key', async () => {
    stubBrowser('granted');
    const old = browserSubscription(new Uint8Array(65).fill(4));
    pushManager.getSubscription.mockResolvedValue(old);
    fakeServer({
      'GET /v2/push/vapid_key': () => ({ body: { public_key: VAPID } }),
      'POST /v2/users/self/push_subscriptions': () => ({ status: 200, body: { id: 1, device_id: 3, current: true, created_at: '', updated_at: '' } }),
    });
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Allow notifications' }));
    expect(await screen.findByText(/Notifications are on/)).toBeTruthy();
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('"Not now" closes it', async () => {
    stubBrowser('default');
    const user = userEvent.setup();
    const onClose = renderModal();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onClose).toHaveBeenCalled();
  });
});
