// Media time <-> wall clock through EXT-X-PROGRAM-DATE-TIME: every fragment of a loaded
// level is an anchor (its media start and its PDT), so discontinuities (loop wraps) map right.

export interface Anchor {
  media: number; // seconds on the media timeline
  abs: number; // unix seconds (PDT)
  duration: number;
}

/** Anchors from hls.js level details fragments ({start, duration, programDateTime ms}). */
export function anchorsFrom(fragments: readonly { start: number; duration: number; programDateTime: number | null }[]): Anchor[] {
  const out: Anchor[] = [];
  for (const f of fragments) {
    if (f.programDateTime === null || !Number.isFinite(f.programDateTime)) continue;
    out.push({ media: f.start, abs: f.programDateTime / 1000, duration: f.duration });
  }
  return out.sort((a, b) => a.media - b.media);
}

/** The wall-clock time of a media position (null without anchors). */
export function mediaToAbs(anchors: readonly Anchor[], media: number): number | null {
  if (anchors.length === 0) return null;
  let a = anchors[0]!;
  for (const x of anchors) {
    if (x.media <= media) a = x;
    else break;
  }
  return a.abs + (media - a.media);
}

/** The media position of a wall-clock time (null when outside the anchors' span). */
export function absToMedia(anchors: readonly Anchor[], abs: number): number | null {
  for (const a of anchors) {
    if (abs >= a.abs && abs < a.abs + a.duration) return a.media + (abs - a.abs);
  }
  if (anchors.length === 0) return null;
  const first = anchors[0]!;
  const last = anchors[anchors.length - 1]!;
  if (abs >= last.abs + last.duration && abs - (last.abs + last.duration) < 1) return last.media + last.duration;
  if (abs < first.abs && first.abs - abs < 1) return first.media;
  return null;
}

/** Live tick: once the played time passes programme.end, report it once per programme. */
export function programmeEnded(clock: number, programme: { end: number } | undefined, alreadyReportedEnd: number | null): boolean {
  if (!programme) return false;
  return clock >= programme.end && alreadyReportedEnd !== programme.end;
}

/** Within the spec's live-edge threshold of now. */
export const atLiveEdge = (clock: number, now: number, edgeSeconds = 30) => now - clock <= edgeSeconds;
