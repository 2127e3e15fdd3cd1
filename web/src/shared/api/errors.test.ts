// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, decodeError, isForbiddenCountry, isTokenErrorExempt, isUnauthorised } from './errors';

describe('decodeError', () => {
  it('reads the error shape of the contract', () => {
    const e = decodeError(400, { error: { type: 'validation_error', message: 'Bad', detail: { token: 'wrong code' } } });
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.type, e.message, e.detail]).toEqual([400, 'validation_error', 'Bad', { token: 'wrong code' }]);
  });

  it('survives a body that is not the error shape', () => {
    expect(decodeError(502, '<html>Bad gateway</html>').type).toBe('http_error');
    expect(decodeError(401, undefined).type).toBe('authentication_failed');
  });

  it('keeps the whole body, data beside the error included', () => {
    const body = { error: { type: 'lost_content', message: 'Lost' }, lost_content: { id: 6, title: 'Gone' } };
    expect(decodeError(404, body).payload).toEqual(body);
    expect(decodeError(502, '<html>Bad gateway</html>').payload).toBe('<html>Bad gateway</html>');
    expect(new ApiError(0, 'network', 'offline').payload).toBeUndefined();
  });

  it('joins list details', () => {
    expect(decodeError(400, { error: { type: 'x', message: '', detail: { name: ['a', 'b'] } } }).detail).toEqual({ name: 'a b' });
  });
});

describe('token error rules', () => {
  it('treats 401 and authentication_failed as a token error', () => {
    expect(isUnauthorised(new ApiError(401, 'authentication_failed', ''))).toBe(true);
    expect(isUnauthorised(new ApiError(400, 'authentication_failed', ''))).toBe(true);
    expect(isUnauthorised(new ApiError(403, 'permission_denied', ''))).toBe(false);
  });

  it.each(['/otps', '/auth/otp', '/auth/otp/demo/', '/otp/send_methods', '/otp/exist', '/mw/otps', '/mw/auth/otp', '/users/self/stat/15'])(
    'exempts %s',
    (path) => expect(isTokenErrorExempt(path)).toBe(true),
  );

  it.each(['/users/self', '/auth/device', '/users/self/devices', '/users/self/profiles'])('does not exempt %s', (path) => {
    expect(isTokenErrorExempt(path)).toBe(false);
  });

  it('recognises forbidden_country', () => {
    expect(isForbiddenCountry(new ApiError(403, 'forbidden_country', ''))).toBe(true);
    expect(isForbiddenCountry(new ApiError(403, 'permission_denied', ''))).toBe(false);
  });
});
