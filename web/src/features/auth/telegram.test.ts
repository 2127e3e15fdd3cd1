import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '@/shared/api';
import { sessionStore } from '@/shared/session';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { launchData, telegramAtStart, TELEGRAM_SCRIPT } from './telegram';

const INIT = 'query_id=AAH&user=%7B%22id%22%3A77%7D&auth_date=1800000000&hash=abc';

let calls: string[] = [];
beforeEach(() => {
  clearCookiesAndStorage();
  window.sessionStorage.clear();
  calls = [];
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'en' });
  fakeServer({
    'POST /v2/auth/telegram': (req) => {
      calls.push(String((req.body as { init_data?: string }).init_data));
      return { body: { access_token: 'login-token', expired: 1_900_000_000 } };
    },
    'POST /v2/users/self/devices': () => ({ status: 201, body: { id: 5, serial: 's', device_type: 'pc', is_current: true } }),
    'POST /v2/auth/device': () => ({ body: { access_token: 'device-token', expired: 1_900_000_000, device: { id: 5 }, profile: { id: 1, name: 'Dana', role: 'adult' } } }),
  });
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.querySelectorAll(`script[src="${TELEGRAM_SCRIPT}"]`).forEach((s) => s.remove());
});

describe('the Telegram mini app at start-up', () => {
  it("does nothing outside Telegram, and never asks for Telegram's script", async () => {
    expect(await telegramAtStart()).toBe('not-telegram');
    expect(document.querySelector(`script[src="${TELEGRAM_SCRIPT}"]`)).toBeNull();
    expect(calls).toEqual([]);
  });

  it("loads Telegram's script and signs in by the launch data of the fragment", async () => {
    window.history.replaceState(null, '', `/#tgWebAppData=${encodeURIComponent(INIT)}&tgWebAppVersion=7.0&tgWebAppPlatform=android`);
    expect(launchData()).toBe(INIT);
    const started = telegramAtStart();
    const script = document.querySelector<HTMLScriptElement>(`script[src="${TELEGRAM_SCRIPT}"]`);
    expect(script).not.toBeNull();
    // The script answers (here: it fails to load); the sign-in goes on with the fragment's data.
    script!.dispatchEvent(new Event('error'));
    expect(await started).toBe('signed-in');
    expect(calls).toEqual([INIT]);
    expect(sessionStore.get().isLogged).toBe(true);
    expect(sessionStore.get().token).toBe('device-token');
  });
});
