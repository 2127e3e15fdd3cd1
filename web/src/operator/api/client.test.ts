import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/errors';
import { fakeServer } from '../../test/fakeServer';
import { configureConsoleApi, consoleFetch, waitSeconds } from './client';

let csrf: string | null = 'csrf-old';

beforeEach(() => {
  csrf = 'csrf-old';
  configureConsoleApi({
    getLanguage: () => 'kk',
    getCsrfToken: () => csrf,
    refreshCsrfToken: async () => {
      csrf = 'csrf-new';
      return csrf;
    },
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('consoleFetch', () => {
  it('calls /v2/operator with the language, the cookie and no viewer token', async () => {
    const server = fakeServer({ 'GET /v2/operator/me': () => ({ body: { ok: true } }) });
    await expect(consoleFetch('/me')).resolves.toEqual({ ok: true });
    expect(server.calls[0]!.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'kk' });
    expect(server.fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('sends the CSRF token with every change, never with a read', async () => {
    const server = fakeServer({
      'POST /v2/operator/staff': () => ({ status: 201, body: {} }),
      'PATCH /v2/operator/staff/3': () => ({ body: {} }),
      'GET /v2/operator/staff': () => ({ body: [] }),
    });
    await consoleFetch('/staff', { method: 'POST', body: { email: 'a@b.c' } });
    await consoleFetch('/staff/3', { method: 'PATCH', body: { disabled: true } });
    await consoleFetch('/staff');
    expect(server.calls.map((c) => c.headers['X-CSRF-Token'])).toEqual(['csrf-old', 'csrf-old', undefined]);
  });

  it('reads the session again and retries once after a CSRF refusal', async () => {
    const server = fakeServer({
      'POST /v2/operator/auth/logout': [() => ({ status: 403, body: { error: { type: 'csrf_failed', message: 'CSRF' } } }), () => ({ status: 204 })],
    });
    await expect(consoleFetch('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
    expect(server.calls.map((c) => c.headers['X-CSRF-Token'])).toEqual(['csrf-old', 'csrf-new']);
  });

  it('does not retry other refusals', async () => {
    const server = fakeServer({
      'POST /v2/operator/staff': () => ({ status: 403, body: { error: { type: 'permission_denied', message: 'Only an owner may invite an owner' } } }),
    });
    const err = await consoleFetch('/staff', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, type: 'permission_denied', message: 'Only an owner may invite an owner' });
    expect(server.calls).toHaveLength(1);
  });

  it('gives a rate limit its wait from the detail, or from Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { type: 'rate_limited', message: 'Too many attempts' } }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '900' } })),
    );
    const err = (await consoleFetch('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(waitSeconds(err)).toBe(900);
    expect(waitSeconds(new ApiError(429, 'rate_limited', '', { wait: '37' }))).toBe(37);
    expect(waitSeconds(new ApiError(401, 'authentication_failed', ''))).toBeNull();
  });

  it('turns a failed connection into a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = (await consoleFetch('/me').catch((e: unknown) => e)) as ApiError;
    expect(err.isNetwork).toBe(true);
  });
});
