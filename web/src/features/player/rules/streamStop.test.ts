import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import { streamStoppedMessage } from './streamStop';

describe('streamStoppedMessage', () => {
  it("gives the server's text of a 409 stream_stopped", () => {
    expect(streamStoppedMessage(new ApiError(409, 'stream_stopped', 'Streams at once: 2.'))).toBe('Streams at once: 2.');
    expect(streamStoppedMessage(new ApiError(409, 'stream_stopped', ''))).toBe('');
  });

  it('leaves every other failure of a report alone', () => {
    expect(streamStoppedMessage(new ApiError(409, 'conflict', 'x'))).toBeNull();
    expect(streamStoppedMessage(new ApiError(429, 'rate_limited', 'x'))).toBeNull();
    expect(streamStoppedMessage(new ApiError(0, 'network', ''))).toBeNull();
    expect(streamStoppedMessage(new Error('boom'))).toBeNull();
    expect(streamStoppedMessage(undefined)).toBeNull();
  });
});
