import { LAST_CHANNELS_MAX } from './constants';

// Last-watched channels (spec 3 "Locally stored": lastChannels, space-separated, max 10;
// currentChannelId).

const LAST = 'lastChannels';
const CURRENT = 'currentChannelId';

/** The list with `id` moved to the front, at most 10. */
export function pushLastChannel(stored: string | null, id: number): string {
  const ids = (stored ?? '').split(' ').filter((s) => /^\d+$/.test(s) && s !== String(id));
  return [String(id), ...ids].slice(0, LAST_CHANNELS_MAX).join(' ');
}

export function parseLastChannels(stored: string | null): number[] {
  return (stored ?? '')
    .split(' ')
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .slice(0, LAST_CHANNELS_MAX);
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readLastChannels(): number[] {
  return parseLastChannels(read(LAST));
}

export function rememberChannel(id: number): void {
  try {
    localStorage.setItem(LAST, pushLastChannel(read(LAST), id));
    localStorage.setItem(CURRENT, String(id));
  } catch {
    // Storage may be unavailable (private mode); the list is only a convenience.
  }
}
