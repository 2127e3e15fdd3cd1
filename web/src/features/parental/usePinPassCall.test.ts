import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/errors';

const askPin = vi.fn<(req: { action: string }) => Promise<boolean>>();
vi.mock('./useAskPin', () => ({ useAskPin: () => askPin }));

const { usePinPassCall } = await import('./usePinPassCall');
const { PIN_CANCELLED } = await import('./useProtectedCall');

const pinRequired = () => new ApiError(403, 'parental_code_required', 'Enter the parental control PIN.');

describe('usePinPassCall', () => {
  beforeEach(() => askPin.mockReset());

  it('runs the call once when the server asks nothing', async () => {
    const call = vi.fn().mockResolvedValue('saved');
    const { result } = renderHook(() => usePinPassCall());
    await expect(result.current('settings', call)).resolves.toBe('saved');
    expect(call).toHaveBeenCalledTimes(1);
    expect(askPin).not.toHaveBeenCalled();
  });

  it('asks the PIN for the action and runs the call again with the pass', async () => {
    askPin.mockResolvedValue(true);
    const call = vi.fn().mockRejectedValueOnce(pinRequired()).mockResolvedValueOnce('saved');
    const { result } = renderHook(() => usePinPassCall());
    await expect(result.current('settings', call)).resolves.toBe('saved');
    expect(askPin).toHaveBeenCalledWith({ action: 'settings' });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('gives up when the PIN dialogue is closed, and passes other errors on', async () => {
    askPin.mockResolvedValue(false);
    const { result } = renderHook(() => usePinPassCall());
    await expect(result.current('settings', vi.fn().mockRejectedValue(pinRequired()))).resolves.toBe(PIN_CANCELLED);
    const other = new ApiError(400, 'duplicate_email', 'Taken');
    await expect(result.current('settings', vi.fn().mockRejectedValue(other))).rejects.toBe(other);
  });
});
