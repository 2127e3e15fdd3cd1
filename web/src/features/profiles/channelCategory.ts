import { CHILD_CHANNEL_CATEGORY } from './rules';

// The channel category a profile switch selects, kept for the channel list (a later area
// reads it with preferredChannelCategory()).
const KEY = 'channelCategory';

export function rememberChannelCategory(role: 'adult' | 'child'): void {
  try {
    if (role === 'child') localStorage.setItem(KEY, String(CHILD_CHANNEL_CATEGORY));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode); the category is only a preference.
  }
}

export function preferredChannelCategory(): number | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? Number(raw) : null;
  } catch {
    return null;
  }
}
