import type { AnalyticsEvent } from '@/shared/analytics';
import type { FatalKind, PlayerSource } from '../types';

// What the playback metrics say about a source (spec 7 "Playback metrics", the playback
// record and the playback error event): the start type and what plays: a channel for live
// and archive, a content for films and trailers. The ids come from the source's content key
// ("channel-5", "channel:5", "content:12") or its stat id ("tv5-…", "vod12-…").

export type PlaybackObject = Pick<AnalyticsEvent, 'start_type' | 'channel_id' | 'content_id'>;

function idFrom(source: PlayerSource, kind: 'channel' | 'content'): number | undefined {
  const key = source.contentKey?.match(kind === 'channel' ? /^channel[-:](\d+)$/ : /^content[-:](\d+)$/);
  const stat = source.statId?.match(kind === 'channel' ? /^tv(\d+)-/ : /^vod(\d+)-/);
  const raw = key?.[1] ?? stat?.[1];
  const id = raw ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The playback's start type and object, or null when it cannot be told (no metrics then). */
export function playbackObject(source: PlayerSource | null): PlaybackObject | null {
  if (!source) return null;
  if (source.kind === 'live' || source.kind === 'archive') {
    const channel_id = idFrom(source, 'channel');
    return channel_id ? { start_type: source.kind, channel_id } : null;
  }
  const content_id = idFrom(source, 'content');
  return content_id ? { start_type: source.kind, content_id } : null;
}

/** The playback error event of a fatal player error. */
export function playbackError(obj: PlaybackObject, source: PlayerSource, kind: FatalKind, code: number, position: number): AnalyticsEvent {
  return {
    type: 'playback_error',
    ...obj,
    code: Math.max(0, Math.floor(code)),
    error_type: kind === 'codec' ? 'codecError' : 'downloadError',
    stream_type: 'hls',
    url: (source.url.split('?')[0] ?? '').slice(0, 500),
    details: kind === 'codec' ? 'error_video_codec' : 'error_video_download',
    position: Math.max(0, Math.floor(position)),
  };
}
