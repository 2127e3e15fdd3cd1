import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeLength, isCodeComplete, sanitizeCode, secondsLeft, waitSeconds } from './code';
import { hasErrors, validateLoginForm } from './loginForm';
import { useCountdown } from './useCountdown';

describe('code length (spec 5)', () => {
  it('comes from phone_otp_length, default 6', () => {
    expect(codeLength(undefined)).toBe(6);
    expect(codeLength(null)).toBe(6);
    expect(codeLength(4)).toBe(4);
    expect(codeLength(8)).toBe(8);
    expect(codeLength(3)).toBe(6);
    expect(codeLength(12)).toBe(6);
  });

  it('enables confirm only at exactly that length', () => {
    expect(isCodeComplete('12345', 6)).toBe(false);
    expect(isCodeComplete('123456', 6)).toBe(true);
    expect(isCodeComplete('1234', 4)).toBe(true);
    expect(isCodeComplete('12a456', 6)).toBe(false);
    expect(sanitizeCode(' 12-34 5678', 6)).toBe('123456');
  });
});

describe('login and password form (spec 5)', () => {
  it('requires both', () => {
    expect(validateLoginForm('', '')).toEqual({ login: 'required', password: 'required' });
    expect(validateLoginForm('   ', 'x')).toEqual({ login: 'required' });
  });

  it('allows login up to 8 and password up to 6 characters', () => {
    expect(validateLoginForm('demo', 'efir24')).toEqual({});
    expect(hasErrors(validateLoginForm('12345678', '123456'))).toBe(false);
    expect(validateLoginForm('123456789', '1234567')).toEqual({ login: 'tooLong', password: 'tooLong' });
  });
});

describe('resend countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down to 0', () => {
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 70_000)).toBe(0);
  });

  it('takes the wait of a 429 answer', () => {
    expect(waitSeconds({ wait: '42' })).toBe(42);
    expect(waitSeconds({})).toBe(60);
    expect(waitSeconds({ wait: 'x' }, 5)).toBe(5);
  });

  it('re-renders every second until the end', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const { result } = renderHook(() => useCountdown(1_000_000 + 60_000));
    expect(result.current).toBe(60);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(59);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current).toBe(0);
  });
});
