import type { ErrorBody } from './types';

/** Every failed call surfaces as one ApiError; status 0 means the server was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly detail: Record<string, string>;
  /**
   * The decoded body of the failed answer as the server sent it (undefined when there was
   * none). Some errors carry data beside the error part: lost_content brings the content,
   * so callers read it here instead of asking again.
   */
  readonly payload: unknown;

  constructor(status: number, type: string, message: string, detail: Record<string, string> = {}, payload?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.type = type;
    this.detail = detail;
    this.payload = payload;
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Builds an ApiError from a non-2xx answer, whether or not the body has the error shape. */
export function decodeError(status: number, body: unknown): ApiError {
  const err = (body as Partial<ErrorBody> | null)?.error;
  if (err && typeof err === 'object' && typeof err.type === 'string') {
    return new ApiError(status, err.type, err.message ?? '', normaliseDetail(err.detail), body);
  }
  return new ApiError(status, status === 401 ? 'authentication_failed' : 'http_error', '', {}, body);
}

function normaliseDetail(detail: unknown): Record<string, string> {
  if (!detail || typeof detail !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(detail as Record<string, unknown>)) {
    out[k] = Array.isArray(v) ? v.join(' ') : String(v);
  }
  return out;
}

/** Unauthorised answers mark the token as errored (spec 4, 8). */
export function isUnauthorised(e: ApiError): boolean {
  return e.status === 401 || e.type === 'authentication_failed' || e.type === 'token_expired';
}

/**
 * Calls whose 401 does not mark a token error: the one-time-code calls (a wrong code is
 * not a bad token) and the watch-statistics call (fire-and-forget).
 */
/**
 * Spec 8: a 404 on the device's settings (its own record) or on saving the user's settings
 * means the token's device or user is gone: treated as a token error.
 */
export function isSettingsGone(path: string, method: string | undefined, status: number): boolean {
  if (status !== 404) return false;
  const m = (method ?? 'GET').toUpperCase();
  if (/^\/users\/self\/devices\/[^/?]+(\?|$)/.test(path)) return m === 'GET' || m === 'PATCH';
  return (path === '/users/self' || path.startsWith('/users/self?')) && m === 'PATCH';
}

export function isTokenErrorExempt(path: string): boolean {
  return (
    path.startsWith('/otps') ||
    path.startsWith('/auth/otp') ||
    path.startsWith('/otp/') ||
    path.startsWith('/mw/otps') ||
    path.startsWith('/mw/auth/otp') ||
    path.startsWith('/users/self/stat/')
  );
}

export function isForbiddenCountry(e: ApiError): boolean {
  return e.status === 403 && e.type === 'forbidden_country';
}
