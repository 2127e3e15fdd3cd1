import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_REFRESH_MS, useNowSeconds } from './useNowSeconds';

afterEach(() => vi.useRealTimers());

describe('useNowSeconds', () => {
  it('moves every 7 s, as the spec refreshes progress bars', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const { result } = renderHook(() => useNowSeconds());
    const start = result.current;
    act(() => vi.advanceTimersByTime(PROGRESS_REFRESH_MS - 1));
    expect(result.current).toBe(start);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(start + 7);
  });
});
