import type { AnalyticsEvent } from './client';

// Events of the spec's list that a change of address tells (one place instead of a call in
// every screen): open_channel, select_schedule (another moment of the same channel),
// open_content, select_season (another season or episode of the same content), open_packet,
// open_search and hide_search, open_lk, open_install_devices (#install) and open_{slug} for
// the other sections; back for the browser's back.

const SECTION = /^[a-z][a-z0-9_-]{0,40}$/;
/** Sections whose opening is told by their own event, or is no section. */
const OWN = new Set(['channels', 'contents', 'packets', 'search', 'lk', 'watch', 'trailers', 'account_mobile']);

/** The trailing id of a slug ("news-12" -> 12), for object_id. */
function idOf(slug: string | undefined): number | undefined {
  const m = slug?.match(/(?:^|-)(\d+)$/);
  return m ? Number(m[1]) : undefined;
}

export interface Place {
  pathname: string;
  hash: string;
}

/** The events of moving from `prev` (null: the first page) to `next`. */
export function routeEvents(prev: Place | null, next: Place, back: boolean): AnalyticsEvent[] {
  const out: AnalyticsEvent[] = [];
  const ev = (name: string, object_id?: number) => out.push(object_id ? { type: 'event', name, object_id } : { type: 'event', name });
  if (back && prev) ev('back');
  const [a, b, c] = next.pathname.split('/').filter(Boolean);
  const [pa, pb, pc] = (prev?.pathname ?? '').split('/').filter(Boolean);
  if (next.hash === '#install' && prev?.hash !== '#install') ev('open_install_devices');
  if (prev?.pathname === next.pathname) return out;
  if (pa === 'search' && a !== 'search') ev('hide_search');
  switch (a) {
    case 'channels':
      if (c) {
        if (pa === 'channels' && pc === c) ev('select_schedule', idOf(c));
        else ev('open_channel', idOf(c));
      }
      break;
    case 'contents':
      if (b && pa === 'contents' && pb === b) ev('select_season', idOf(c ?? b));
      else if (b) ev('open_content', idOf(b));
      break;
    case 'packets':
      if (b) ev('open_packet', idOf(b));
      break;
    case 'search':
      if (pa !== 'search') ev('open_search');
      break;
    case 'lk':
      ev('open_lk');
      break;
    case undefined:
      break;
    default:
      if (!OWN.has(a) && SECTION.test(a) && pa !== a) ev(`open_${a}`);
  }
  return out;
}
