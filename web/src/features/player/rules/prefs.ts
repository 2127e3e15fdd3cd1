import { PLAYER } from './constants';
import { clampVolume } from './seek';
import type { TrackChoice } from './tracks';

// Locally stored player choices (spec 3 "Locally stored"): muted, volume and the
// per-content audio and subtitle choice.

export const PREF_KEYS = { muted: 'muted', volume: 'volume', tracks: 'playerTracks' } as const;
/** How many contents keep their track choice (oldest forgotten first). */
const MAX_REMEMBERED = 200;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}

export function readVolume(): number {
  const raw = read(PREF_KEYS.volume);
  if (raw === null || raw === '') return PLAYER.defaultVolume;
  const n = Number(raw);
  // Older clients stored 0..100.
  return clampVolume(n > 1 ? n / 100 : n);
}

export const writeVolume = (v: number) => write(PREF_KEYS.volume, String(Math.round(clampVolume(v) * 100) / 100));
export const readMuted = () => read(PREF_KEYS.muted) === 'true';
export const writeMuted = (m: boolean) => write(PREF_KEYS.muted, String(m));

export interface TrackMemory {
  audio?: TrackChoice;
  text?: TrackChoice;
}

type MemoryMap = Record<string, TrackMemory>;

function readAll(): MemoryMap {
  try {
    const v = JSON.parse(read(PREF_KEYS.tracks) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as MemoryMap) : {};
  } catch {
    return {};
  }
}

export function readTrackMemory(contentKey: string | undefined): TrackMemory {
  if (!contentKey) return {};
  return readAll()[contentKey] ?? {};
}

export function rememberTrack(contentKey: string | undefined, kind: keyof TrackMemory, choice: TrackChoice): void {
  if (!contentKey) return;
  const all = readAll();
  const entry = { ...all[contentKey], [kind]: choice };
  delete all[contentKey]; // re-insert last: insertion order is the age
  all[contentKey] = entry;
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_REMEMBERED))) delete all[k];
  write(PREF_KEYS.tracks, JSON.stringify(all));
}
