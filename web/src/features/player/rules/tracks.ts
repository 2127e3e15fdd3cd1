import { PLAYER } from './constants';

// Quality, audio and subtitle menus (spec 5: heights up to 1080, the 4 highest; audio
// deduplicated by name) and which track to start with: the viewer's choice for this
// content, else the first of their settings languages that the stream has.

export interface LevelInfo {
  index: number; // hls.js level index
  height: number;
  bitrate: number;
}

export interface QualityOption {
  level: number; // hls.js level index; -1 = auto
  height: number;
}

export function qualityOptions(levels: readonly LevelInfo[]): QualityOption[] {
  const byHeight = new Map<number, LevelInfo>();
  for (const l of levels) {
    if (!(l.height > 0) || l.height > PLAYER.qualityMaxHeight) continue;
    const seen = byHeight.get(l.height);
    if (!seen || l.bitrate > seen.bitrate) byHeight.set(l.height, l);
  }
  return [...byHeight.values()]
    .sort((a, b) => b.height - a.height)
    .slice(0, PLAYER.qualityMaxCount)
    .map((l) => ({ level: l.index, height: l.height }));
}

export interface TrackInfo {
  id: number; // hls.js track id
  name: string;
  lang?: string;
  isDefault?: boolean;
}

/** Audio tracks deduplicated by name (the first of each name stays). */
export function dedupeByName<T extends TrackInfo>(tracks: readonly T[]): T[] {
  const seen = new Set<string>();
  return tracks.filter((t) => {
    const key = (t.name || t.lang || String(t.id)).trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A remembered choice: the track's language (or name when it has none); 'off' for subtitles. */
export type TrackChoice = string;
export const SUBTITLES_OFF: TrackChoice = 'off';

export const choiceOf = (t: TrackInfo): TrackChoice => (t.lang || t.name).toLowerCase();

const baseLang = (code: string) => code.toLowerCase().split(/[-_]/)[0] ?? '';

function findByLanguage(tracks: readonly TrackInfo[], code: string): TrackInfo | undefined {
  const want = code.toLowerCase();
  return (
    tracks.find((t) => choiceOf(t) === want) ??
    tracks.find((t) => t.name.toLowerCase() === want) ??
    tracks.find((t) => t.lang && baseLang(t.lang) === baseLang(want))
  );
}

/** The audio track to play: remembered, else settings order, else the stream's default, else the first. */
export function chooseAudio(tracks: readonly TrackInfo[], remembered: TrackChoice | null, preferred: readonly string[]): number {
  if (tracks.length === 0) return -1;
  if (remembered) {
    const t = findByLanguage(tracks, remembered);
    if (t) return t.id;
  }
  for (const code of preferred) {
    const t = findByLanguage(tracks, code);
    if (t) return t.id;
  }
  return (tracks.find((t) => t.isDefault) ?? tracks[0]!).id;
}

/** The subtitle track to show, -1 for none: remembered (or 'off'), else settings order, else none. */
export function chooseSubtitles(tracks: readonly TrackInfo[], remembered: TrackChoice | null, preferred: readonly string[]): number {
  if (remembered === SUBTITLES_OFF) return -1;
  if (remembered) {
    const t = findByLanguage(tracks, remembered);
    if (t) return t.id;
  }
  for (const code of preferred) {
    const t = findByLanguage(tracks, code);
    if (t) return t.id;
  }
  return -1;
}
