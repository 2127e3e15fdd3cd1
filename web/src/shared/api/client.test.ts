import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { apiFetch, configureApi } from './client';
import { ApiError } from './errors';

let token: string | null = 'old';

beforeEach(() => {
  token = 'old';
  configureApi({
    getToken: () => token,
    getLanguage: () => 'kk',
    onTokenError: async () => false,
    onForbiddenCountry: () => undefined,
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('sends the token and the language to /v2', async () => {
    const server = fakeServer({ 'GET /v2/users/self': () => ({ body: { id: 1 } }) });
    await expect(apiFetch('/users/self')).resolves.toEqual({ id: 1 });
    expect(server.calls[0]!.headers).toMatchObject({ Authorization: 'Token old', 'Accept-Language': 'kk' });
  });

  it('sends no token for platform calls', async () => {
    const server = fakeServer({ 'GET /v2/users/self/network': () => ({ body: {} }) });
    await apiFetch('/users/self/network', { auth: false });
    expect(server.calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('decodes errors into ApiError', async () => {
    fakeServer({ 'POST /v2/auth/login': () => ({ status: 401, body: { error: { type: 'authentication_failed', message: 'Wrong login' } } }) });
    const err = await apiFetch('/auth/login', { method: 'POST', auth: false, body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, type: 'authentication_failed', message: 'Wrong login' });
  });

  it('on 401 re-authenticates once and retries with the new token', async () => {
    const onTokenError = vi.fn(async () => {
      token = 'new';
      return true;
    });
    configureApi({ onTokenError });
    const server = fakeServer({
      'GET /v2/users/self': [
        () => ({ status: 401, body: { error: { type: 'authentication_failed', message: '' } } }),
        () => ({ body: { id: 2 } }),
      ],
    });
    await expect(apiFetch('/users/self')).resolves.toEqual({ id: 2 });
    expect(onTokenError).toHaveBeenCalledTimes(1);
    expect(server.calls.map((c) => c.headers.Authorization)).toEqual(['Token old', 'Token new']);
  });

  it('does not mark a token error on OTP and user-stat calls', async () => {
    const onTokenError = vi.fn(async () => true);
    configureApi({ onTokenError });
    fakeServer({
      'POST /v2/auth/otp': () => ({ status: 401, body: { error: { type: 'authentication_failed', message: '' } } }),
      'PATCH /v2/users/self/stat/5': () => ({ status: 401, body: {} }),
    });
    await expect(apiFetch('/auth/otp', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    await expect(apiFetch('/users/self/stat/5', { method: 'PATCH' })).rejects.toBeInstanceOf(ApiError);
    expect(onTokenError).not.toHaveBeenCalled();
  });

  it("treats a 404 on the device's settings or on saving the user's settings as a token error (spec 8)", async () => {
    const onTokenError = vi.fn(async () => {
      token = 'new';
      return true;
    });
    configureApi({ onTokenError });
    const gone = () => ({ status: 404, body: { error: { type: 'not_found', message: '' } } });
    const server = fakeServer({
      'GET /v2/users/self/devices/7': [gone, () => ({ body: { id: 7 } })],
      'PATCH /v2/users/self': [gone, () => ({ body: { id: 1 } })],
      'GET /v2/contents/9': gone,
      'DELETE /v2/users/self/devices/8': gone,
    });
    await expect(apiFetch('/users/self/devices/7')).resolves.toEqual({ id: 7 });
    token = 'old';
    await expect(apiFetch('/users/self', { method: 'PATCH', body: {} })).resolves.toEqual({ id: 1 });
    expect(onTokenError).toHaveBeenCalledTimes(2);
    // Other 404s are just not found.
    await expect(apiFetch('/contents/9')).rejects.toMatchObject({ status: 404 });
    await expect(apiFetch('/users/self/devices/8', { method: 'DELETE' })).rejects.toMatchObject({ status: 404 });
    expect(onTokenError).toHaveBeenCalledTimes(2);
    expect(server.calls.map((c) => c.headers.Authorization)).toEqual(['Token old', 'Token new', 'Token old', 'Token new', 'Token new', 'Token new']);
  });

  it('reports forbidden_country', async () => {
    const onForbiddenCountry = vi.fn();
    configureApi({ onForbiddenCountry });
    fakeServer({ 'POST /v2/users': () => ({ status: 403, body: { error: { type: 'forbidden_country', message: '', detail: { country: 'XX', remote: '1.2.3.4' } } } }) });
    await expect(apiFetch('/users', { method: 'POST', auth: false, body: {} })).rejects.toMatchObject({ type: 'forbidden_country' });
    expect(onForbiddenCountry).toHaveBeenCalledWith(expect.objectContaining({ detail: { country: 'XX', remote: '1.2.3.4' } }));
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiFetch('/users/self')).rejects.toMatchObject({ status: 0, type: 'network' });
  });
});
