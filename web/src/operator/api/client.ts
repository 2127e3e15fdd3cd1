import { buildUrl, type Query } from '@/shared/api/client';
import { ApiError, decodeError } from '@/shared/api/errors';

// The console's one fetch wrapper. The staff session is an HttpOnly cookie the browser
// sends by itself, so no token is added here (and the viewer's token never is); every call
// that changes something carries the session's CSRF token. A CSRF refusal (the token
// rotated, e.g. after switching the operator in another tab) reads the session again and
// retries once.

export const OPERATOR_BASE = '/operator';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ConsoleRequest {
  method?: Method;
  query?: Query;
  body?: unknown;
  /** A file or text sent as it is (CSV, M3U, an image) instead of a JSON body. */
  raw?: { body: Blob | string; type: string };
  signal?: AbortSignal;
}

interface ConsoleHooks {
  getLanguage(): string;
  /** The CSRF token of the current session (null before sign-in). */
  getCsrfToken(): string | null;
  /** Reads the session again after a CSRF refusal; resolves the fresh token, or null. */
  refreshCsrfToken(): Promise<string | null>;
}

let hooks: ConsoleHooks = {
  getLanguage: () => 'ru',
  getCsrfToken: () => null,
  refreshCsrfToken: async () => null,
};

export function configureConsoleApi(next: Partial<ConsoleHooks>): void {
  hooks = { ...hooks, ...next };
}

async function send(path: string, req: ConsoleRequest, csrf: string | null): Promise<Response> {
  const method = req.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': hooks.getLanguage() };
  if (method !== 'GET' && csrf) headers['X-CSRF-Token'] = csrf;
  let body: string | Blob | undefined;
  if (req.raw) {
    headers['Content-Type'] = req.raw.type;
    body = req.raw.body;
  } else if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  try {
    return await fetch(buildUrl(`${OPERATOR_BASE}${path}`, req.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: req.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'network', (e as Error).message);
  }
}

async function decode(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  if (!(res.headers.get('Content-Type') ?? '').includes('json')) return undefined;
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

/** The error of a failed answer; a 429 always carries its wait (detail.wait, else Retry-After). */
async function failure(res: Response): Promise<ApiError> {
  const error = decodeError(res.status, await decode(res));
  const retryAfter = res.headers.get('Retry-After');
  if (res.status === 429 && !error.detail.wait && retryAfter && /^\d+$/.test(retryAfter)) {
    return new ApiError(error.status, error.type, error.message, { ...error.detail, wait: retryAfter }, error.payload);
  }
  return error;
}

/** Calls `/v2/operator{path}`: decoded JSON on success (undefined for 204), ApiError otherwise. */
export async function consoleFetch<T>(path: string, req: ConsoleRequest = {}): Promise<T> {
  let res = await send(path, req, hooks.getCsrfToken());
  if (res.status === 403 && (req.method ?? 'GET') !== 'GET') {
    const error = await failure(res);
    if (error.type !== 'csrf_failed') throw error;
    const fresh = await hooks.refreshCsrfToken();
    if (!fresh) throw error;
    res = await send(path, req, fresh);
  }
  if (!res.ok) throw await failure(res);
  return (await decode(res)) as T;
}

/** Seconds to wait from a rate-limit error, or null. */
export function waitSeconds(error: ApiError): number | null {
  const wait = Number(error.detail.wait);
  return error.status === 429 && Number.isFinite(wait) && wait > 0 ? wait : null;
}
