import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/errors';

const askPin = vi.fn<(req: { action: string }) => Promise<boolean>>();
vi.mock('./useAskPin', () => ({ useAskPin: () => askPin }));

const { usePinRetry, isPinRequired } = await import('./usePinRetry');

const pinRequired = () => new ApiError(403, 'parental_code_required', 'Enter the parental control PIN.');

describe('usePinRetry', () => {
  beforeEach(() => askPin.mockReset());

  it('asks the PIN once for the server refusal and retries after a right PIN', async () => {
    askPin.mockResolvedValue(true);
    const retry = vi.fn();
    const error = pinRequired();
    const { result, rerender } = renderHook(({ e }) => usePinRetry(e, 'vod', retry), { initialProps: { e: error as unknown } });
    expect(result.current.required).toBe(true);
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
    expect(askPin).toHaveBeenCalledWith({ action: 'vod' });
    rerender({ e: error });
    expect(askPin).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the PIN dialogue is closed, and asks again on demand', async () => {
    askPin.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const retry = vi.fn();
    const error = pinRequired();
    const { result } = renderHook(() => usePinRetry(error, 'channel', retry));
    await waitFor(() => expect(askPin).toHaveBeenCalledTimes(1));
    expect(retry).not.toHaveBeenCalled();
    result.current.ask();
    await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
    expect(askPin).toHaveBeenCalledTimes(2);
  });

  it('leaves other errors to the caller', () => {
    const retry = vi.fn();
    const denied = new ApiError(403, 'permission_denied', 'Not in your subscriptions');
    const { result } = renderHook(() => usePinRetry(denied, 'vod', retry));
    expect(result.current.required).toBe(false);
    expect(askPin).not.toHaveBeenCalled();
    expect(isPinRequired(denied)).toBe(false);
    expect(isPinRequired(pinRequired())).toBe(true);
  });
});
