import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client';
import { clearCookiesAndStorage, fakeServer } from '../../test/fakeServer';
import { GeoLockedError, completeLogin, logout, startSession } from './lifecycle';
import { sessionStore } from './sessionStore';
import { readKey, writeKey } from './storage';
import { StorageKey } from './storageKeys';

const NOW = Date.UTC(2025, 0, 1, 12);
const profile = { id: 3, name: 'Main', icon: null, icon_avatar_id: null, type: null, role: 'adult' };
const device = (id: number) => ({ id, serial: 's', device_type: 'pc', is_current: true });
const deviceAuth = (token: string, id: number) => () => ({ body: { access_token: token, expired: NOW / 1000 + 3600, device: device(id), profile } });

beforeEach(() => {
  clearCookiesAndStorage();
  configureApi({ getToken: () => sessionStore.get().token, getLanguage: () => 'ru' });
});
afterEach(() => vi.unstubAllGlobals());

describe('startSession', () => {
  it('creates a guest: user, login, device, device auth', async () => {
    const server = fakeServer({
      'POST /v2/users': () => ({ status: 201, body: { id: 9, is_guest: true } }),
      'POST /v2/auth/login': () => ({ body: { access_token: 'login-token', expired: NOW / 1000 + 60 } }),
      'POST /v2/users/self/devices': () => ({ status: 201, body: device(41) }),
      'POST /v2/auth/device': deviceAuth('device-token', 41),
    });
    await expect(startSession({ guestsAllowed: true, nowMs: NOW })).resolves.toBe('guest-created');
    expect(server.routes()).toEqual(['POST /v2/users', 'POST /v2/auth/login', 'POST /v2/users/self/devices', 'POST /v2/auth/device']);
    const [createUser, login, createDevice, authDevice] = server.calls;
    expect(createUser!.body).toMatchObject({ is_guest: true, app_version: '185' });
    expect(login!.body).toEqual({ login: (createUser!.body as { username: string }).username, password: (createUser!.body as { password: string }).password });
    expect(createDevice!.headers.Authorization).toBe('Token login-token');
    expect(createDevice!.body).toMatchObject({ application_type: 'web', serial: readKey(StorageKey.serial) });
    expect(authDevice!.body).toEqual({ device_id: 41 });
    expect(readKey(StorageKey.accessToken)).toBe('device-token');
    expect(readKey(StorageKey.deviceId)).toBe('41');
    expect(readKey(StorageKey.guestDeviceId)).toBe('41');
    expect(sessionStore.get()).toMatchObject({ token: 'device-token', isLogged: false, profile });
  });

  it('stays anonymous when guests are not allowed', async () => {
    const server = fakeServer({});
    await expect(startSession({ guestsAllowed: false, nowMs: NOW })).resolves.toBe('anonymous');
    expect(server.calls).toHaveLength(0);
  });

  it('re-authenticates an expired token from the stored device', async () => {
    writeKey(StorageKey.accessToken, 'stale');
    writeKey(StorageKey.accessTokenExpired, String(NOW / 1000 - 1));
    writeKey(StorageKey.deviceId, '41');
    const server = fakeServer({ 'POST /v2/auth/device': deviceAuth('fresh', 41) });
    await expect(startSession({ guestsAllowed: true, nowMs: NOW })).resolves.toBe('reauthenticated');
    expect(server.calls[0]!.headers.Authorization).toBe('Token stale');
    expect(sessionStore.get().token).toBe('fresh');
  });

  it('skips the refresh within 5 minutes of the last token set', async () => {
    writeKey(StorageKey.accessToken, 'recent');
    writeKey(StorageKey.accessTokenExpired, String(NOW / 1000 + 3600));
    writeKey(StorageKey.accessTokenSetAt, String(NOW - 60_000));
    writeKey(StorageKey.deviceId, '41');
    const server = fakeServer({});
    await expect(startSession({ guestsAllowed: true, nowMs: NOW })).resolves.toBe('restored');
    expect(server.calls).toHaveLength(0);
  });

  it('clears storage and starts over when re-authentication fails', async () => {
    writeKey(StorageKey.accessToken, 'dead');
    writeKey(StorageKey.accessTokenExpired, '1');
    writeKey(StorageKey.deviceId, '7');
    writeKey(StorageKey.isLogged, '1');
    writeKey(StorageKey.language, 'kk');
    const server = fakeServer({
      'POST /v2/auth/device': [() => ({ status: 401, body: { error: { type: 'authentication_failed', message: '' } } }), deviceAuth('guest', 50)],
      'POST /v2/users': () => ({ status: 201, body: {} }),
      'POST /v2/auth/login': () => ({ body: { access_token: 'l', expired: 0 } }),
      'POST /v2/users/self/devices': () => ({ status: 201, body: device(50) }),
    });
    await expect(startSession({ guestsAllowed: true, nowMs: NOW })).resolves.toBe('guest-created');
    expect(server.routes()[0]).toBe('POST /v2/auth/device');
    expect(sessionStore.get()).toMatchObject({ token: 'guest', isLogged: false, deviceId: 50 });
    expect(readKey(StorageKey.language)).toBe('kk');
  });

  it('reports a forbidden country during guest creation', async () => {
    fakeServer({ 'POST /v2/users': () => ({ status: 403, body: { error: { type: 'forbidden_country', message: '', detail: { country: 'XX', remote: '1.1.1.1' } } } }) });
    await expect(startSession({ guestsAllowed: true, nowMs: NOW })).rejects.toBeInstanceOf(GeoLockedError);
  });
});

describe('login and logout', () => {
  it('registers the device, removing the oldest one when the limit is reached', async () => {
    const server = fakeServer({
      'POST /v2/users/self/devices': [() => ({ status: 400, body: { error: { type: 'too_many_devices', message: '' } } }), () => ({ status: 201, body: device(60) })],
      'GET /v2/users/self/devices': () => ({
        body: [
          { id: 1, login_at: '2024-05-01T00:00:00Z', is_current: false },
          { id: 2, login_at: '2024-01-01T00:00:00Z', is_current: false },
          { id: 3, login_at: '2023-01-01T00:00:00Z', is_current: true },
        ],
      }),
      'DELETE /v2/users/self/devices/2': () => ({ status: 204 }),
      'POST /v2/auth/device': deviceAuth('user-token', 60),
    });
    await completeLogin({ access_token: 'login', expired: 0 });
    expect(server.routes()).toEqual([
      'POST /v2/users/self/devices',
      'GET /v2/users/self/devices',
      'DELETE /v2/users/self/devices/2',
      'POST /v2/users/self/devices',
      'POST /v2/auth/device',
    ]);
    expect(sessionStore.get()).toMatchObject({ token: 'user-token', isLogged: true, deviceId: 60 });
  });

  it('falls back to the guest device on logout', async () => {
    sessionStore.set((s) => ({ ...s, token: 'guest-token', isLogged: false, deviceId: 41, guestDeviceId: 41 }));
    writeKey(StorageKey.guestDeviceId, '41');
    fakeServer({
      'POST /v2/users/self/devices': () => ({ status: 201, body: device(60) }),
      'POST /v2/auth/device': deviceAuth('user-token', 60),
      'POST /v2/auth/logout': () => ({ status: 204 }),
    });
    await completeLogin({ access_token: 'login', expired: 0 });
    await logout();
    expect(readKey(StorageKey.accessToken)).toBe('guest-token');
    expect(readKey(StorageKey.deviceId)).toBe('41');
    expect(readKey(StorageKey.isLogged)).toBeNull();
  });
});
