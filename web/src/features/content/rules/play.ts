import type { Content, ContentButton, ContentMeta, OfferedPacket } from '../types';

// The watch decision of spec 4 "Content page and play flow": a content that cannot be
// played shows the content_not_available notice (a programme with catch-up goes to its
// channel archive instead), an unpurchased one opens the packets that sell it, an age
// above the limit asks for the parental PIN (the watch page), and then it plays.

export const ADULT_AGE = 18;
export const CHILD_MAX_AGE = 12;

export type PlayDecision =
  | { kind: 'schedule'; channelId: number; startAt: number }
  | { kind: 'pay'; packets: OfferedPacket[] }
  | { kind: 'unavailable' }
  | { kind: 'play' };

export function isPayButton(b: ContentButton): boolean {
  return b.button_type === 'pay';
}

/** The content asks for the PIN before playing: 18+ (or flagged adult), or over 12 for a child. */
export function needsAgeCheck(c: Pick<Content, 'age' | 'is_adult'>, isChild: boolean): boolean {
  return c.is_adult || c.age >= ADULT_AGE || (isChild && c.age > CHILD_MAX_AGE);
}

/**
 * is_available: playable now or after buying; is_purchased: the viewer holds it. A content
 * with nothing to play of its own but a catch-up entry (a programme) plays from the archive.
 */
export function decidePlay(meta: Pick<ContentMeta, 'is_available' | 'is_purchased' | 'is_lost' | 'stream_using' | 'buttons'>): PlayDecision {
  if (meta.is_lost) return { kind: 'unavailable' };
  if (!meta.is_available) {
    const schedule = meta.stream_using?.content_schedule;
    return schedule ? { kind: 'schedule', channelId: schedule.channel_id, startAt: schedule.start_at } : { kind: 'unavailable' };
  }
  if (!meta.is_purchased) return { kind: 'pay', packets: offeredPackets(meta.buttons.filter(isPayButton)) };
  return { kind: 'play' };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function packetOf(raw: unknown): OfferedPacket | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  const id = num(o.packet_id) ?? num(o.id);
  if (id === undefined) return null;
  return {
    id,
    name: str(o.packet_name) ?? str(o.name) ?? str(o.title) ?? '',
    price: num(o.price) ?? num(o.amount),
    currency: str(o.currency),
    period_days: num(o.period_days) ?? num(o.period),
  };
}

/**
 * The packets that sell the content, from the pay buttons' button_data: either a list
 * (`packets: [...]`) or one packet's fields (`packet_id`, `packet_name`, `price`...),
 * deduplicated by id in the buttons' order.
 */
export function offeredPackets(buttons: ContentButton[]): OfferedPacket[] {
  const out = new Map<number, OfferedPacket>();
  for (const b of buttons) {
    const data = b.button_data ?? {};
    const list = Array.isArray(data.packets) ? data.packets : [data];
    for (const raw of list) {
      const p = packetOf(raw);
      if (p && !out.has(p.id)) out.set(p.id, { ...p, name: p.name || b.caption });
    }
  }
  return [...out.values()];
}

/**
 * What the watch button plays: the chosen episode; for a series, season or programme the
 * episode to go on with (meta's next_to_play, else the content's); a programme without
 * episodes, a film or an episode is played itself. Null while a series has nothing yet.
 */
export function playTarget(content: Content, chosen: Content | null | undefined, meta?: Pick<ContentMeta, 'next_to_play'> | null): Content | null {
  if (chosen?.content_type === 'episode') return chosen;
  const type = content.content_type;
  if (type === 'series' || type === 'season' || type === 'program') {
    const next = meta?.next_to_play ?? content.next_to_play ?? null;
    if (next) return next;
    return type === 'program' ? content : null;
  }
  return content;
}

