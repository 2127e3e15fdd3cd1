import { isApiError } from '@/shared/api';

// The limit of streams at once (server: internal/streams). A watch report for a stream the
// server stopped, because another device of the subscriber started watching, answers
// 409 stream_stopped with the reason for people. The player then stops for good: playing on
// would not be counted, and the viewer chooses where to watch ("Watch here" asks for the
// stream again, which stops the oldest other device by the same rule).

export const STREAM_STOPPED = 'stream_stopped';

/** The server's text when `error` says the stream was stopped ('' when it sent none), else null. */
export function streamStoppedMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 409 || error.type !== STREAM_STOPPED) return null;
  return error.message;
}
