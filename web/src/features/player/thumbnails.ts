import { PLAYER } from './rules/constants';

// Trick-play thumbnails: the stream's WebVTT index (screenshot_url) names, per stretch of
// player time, a tile of a sprite sheet (`thumbs.jpg#xywh=x,y,w,h`). The scrub bar shows the
// tile of the moment under the pointer.

export interface ThumbnailCue {
  start: number;
  end: number;
  /** The sheet, absolute. */
  src: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

function seconds(stamp: string): number | null {
  const m = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(stamp.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** The cues of an index; `base` resolves the sheet's address. Cues that do not parse are skipped. */
export function parseThumbnailIndex(text: string, base: string): ThumbnailCue[] {
  const out: ThumbnailCue[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const [from, to] = lines[i]!.split('-->');
    if (to === undefined) continue;
    const start = seconds(from!);
    const end = seconds(to.trim().split(/\s+/)[0] ?? '');
    const target = (lines[i + 1] ?? '').trim();
    const m = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target);
    if (start === null || end === null || !m) continue;
    out.push({ start, end, src: new URL(m[1]!, base).href, x: Number(m[2]), y: Number(m[3]), w: Number(m[4]), h: Number(m[5]) });
  }
  return out;
}

/** The cue showing at player time t (cues are in order), or null. */
export function cueAt(cues: readonly ThumbnailCue[], t: number): ThumbnailCue | null {
  let lo = 0;
  let hi = cues.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = cues[mid]!;
    if (t < c.start) hi = mid - 1;
    else if (t >= c.end) lo = mid + 1;
    else return c;
  }
  return null;
}

/** The hover box's width of the spec: fullscreen, phone, otherwise. */
export function hoverBoxWidth(fullscreen: boolean, phone: boolean): number {
  if (fullscreen) return PLAYER.hoverBoxFullscreen;
  return phone ? PLAYER.hoverBoxPhone : PLAYER.hoverBoxDefault;
}

/** Hover previews are for videos longer than 20 s. */
export const previewsFor = (duration: number) => duration > PLAYER.hoverPreviewMinDuration;
