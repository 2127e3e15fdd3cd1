import { channelPath } from '@/features/channels';

// What the channel embed shows (spec 4 "Channel opening", for a frame on another site):
// the player, or one short message inside the frame. Pure, so it is tested as rules.

export interface EmbedChannel {
  is_available: boolean;
  is_purchased: boolean;
  is_free: boolean;
  access_error?: string | null;
}

export type EmbedGate =
  | { kind: 'play' }
  /** Not purchased: watching needs a packet, bought on Efir itself (a new window). */
  | { kind: 'notPurchased'; message: string | null }
  /** Not available for another reason (the server's access_error when it tells one). */
  | { kind: 'unavailable'; message: string | null }
  /** An adult channel waits for the PIN. */
  | { kind: 'pin' };

export function embedGate(ch: EmbedChannel, pin: 'open' | 'asking' | 'refused'): EmbedGate {
  const message = ch.access_error?.trim() || null;
  if (!ch.is_available) return !ch.is_purchased && !ch.is_free ? { kind: 'notPurchased', message } : { kind: 'unavailable', message };
  if (pin !== 'open') return { kind: 'pin' };
  return { kind: 'play' };
}

/** The channel viewer on Efir for the "open in a new window" link (absolute: it leaves the frame). */
export function siteChannelUrl(origin: string, channel: { id: number; slug: string }, ts: number | null): string {
  return origin + channelPath('all', channel, ts);
}
