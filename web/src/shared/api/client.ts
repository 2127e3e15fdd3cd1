import { ApiError, decodeError, isForbiddenCountry, isSettingsGone, isTokenErrorExempt, isUnauthorised } from './errors';

// The one fetch wrapper of the client. It knows nothing about the session: the session
// module plugs in the token source and the recovery hooks with configureApi(), which
// keeps this file free of import cycles and easy to test.

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/v2';

export interface ApiHooks {
  getToken(): string | null;
  getLanguage(): string;
  /** Re-authenticates the device after a token error; resolves true when a new token is set. */
  onTokenError(): Promise<boolean>;
  onForbiddenCountry(error: ApiError): void;
  /** Every failed call (the error reports sample them). */
  onRequestError(path: string, error: ApiError): void;
}

let hooks: ApiHooks = {
  getToken: () => null,
  getLanguage: () => 'ru',
  onTokenError: async () => false,
  onForbiddenCountry: () => undefined,
  onRequestError: () => undefined,
};

export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Send the stored token (default true). */
  auth?: boolean;
  /** Use this token instead of the stored one (login steps before the token is stored). */
  token?: string;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': hooks.getLanguage(),
  };
  const token = opts.token ?? (opts.auth === false ? null : hooks.getToken());
  if (token) headers.Authorization = `Token ${token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  try {
    return await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'network', (e as Error).message);
  }
}

async function decodeBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return await res.json();
    } catch {
      return undefined;
    }
  }
  return res.text();
}

/**
 * Calls `/v2{path}`. Answers are decoded JSON (text for text/plain, undefined for 204);
 * failures throw ApiError. A 401 outside the exempt calls, or a 404 on the device's or the
 * user's settings (spec 8), marks a token error, waits for the device re-authentication and
 * retries once with the new token.
 */
export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  const body = await decodeBody(res);
  if (res.ok) return body as T;

  const error = decodeError(res.status, body);
  hooks.onRequestError(path, error);
  if (isForbiddenCountry(error)) hooks.onForbiddenCountry(error);
  const sentStoredToken = opts.auth !== false && opts.token === undefined && hooks.getToken() !== null;
  const settingsGone = isSettingsGone(path, opts.method, res.status);
  if (sentStoredToken && ((isUnauthorised(error) && !isTokenErrorExempt(path)) || settingsGone)) {
    const recovered = await hooks.onTokenError();
    if (recovered) {
      const retry = await send(path, opts);
      const retryBody = await decodeBody(retry);
      if (retry.ok) return retryBody as T;
      throw decodeError(retry.status, retryBody);
    }
  }
  throw error;
}
