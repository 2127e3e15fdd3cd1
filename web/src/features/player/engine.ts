import type Hls from 'hls.js';
import type { ErrorData, HlsConfig, LevelLoadedData, MediaPlaylist } from 'hls.js';
import { anchorsFrom, absToMedia, mediaToAbs, type Anchor } from './rules/clock';
import { CHANNEL_BUFFER, TRAILER_BUFFER } from './rules/constants';
import { initialCounters, onPlayerError, type ErrorAction, type ErrorCounters } from './rules/errors';
import type { LevelInfo, TrackInfo } from './rules/tracks';
import type { PlayerSource } from './types';

// The imperative side of the player: one <video>, one hls.js instance reused across source
// changes of the same profile (fast zapping keeps the module, the worker and the bandwidth
// estimate), the spec's error rules applied to hls.js events, and the PDT clock.

type HlsClass = typeof Hls;
let hlsModule: Promise<HlsClass> | null = null;

/** hls.js is loaded on first playback only (not in the home route's initial JS), then kept. */
export function loadHls(): Promise<HlsClass> {
  hlsModule ??= import('hls.js').then((m) => m.default);
  return hlsModule;
}

export interface EngineEvents {
  levels(levels: LevelInfo[], current: number, auto: boolean): void;
  audioTracks(tracks: TrackInfo[], current: number): void;
  subtitleTracks(tracks: TrackInfo[], current: number): void;
  /** The tracks to start with (ids of the lists given), asked before hls.js picks its own. */
  pickTracks(audio: TrackInfo[], text: TrackInfo[]): { audio: number; text: number };
  /** An error the UI must show: codec, too many errors, video error. */
  failure(action: Extract<ErrorAction, 'codecError' | 'destroy' | 'videoError'>): void;
}

type Profile = 'channel' | 'vod' | 'trailer';
const profileOf = (kind: PlayerSource['kind']): Profile => (kind === 'live' || kind === 'archive' ? 'channel' : kind);

function configFor(profile: Profile): Partial<HlsConfig> {
  const common: Partial<HlsConfig> = {
    // Zapping: start on the lowest rendition, let ABR climb; no low-latency parts.
    startLevel: 0,
    lowLatencyMode: false,
    backBufferLength: 10,
    capLevelToPlayerSize: true,
    startFragPrefetch: true,
    enableWorker: true,
  };
  // No liveMaxLatency: archive EVENT lists are "live" to hls.js and must not jump to their end.
  if (profile === 'channel') return { ...common, ...CHANNEL_BUFFER, liveSyncDurationCount: 2 };
  if (profile === 'trailer') return { ...common, ...TRAILER_BUFFER };
  return { ...common, backBufferLength: 30 };
}

export class Engine {
  private hls: Hls | null = null;
  private profile: Profile | null = null;
  private source: PlayerSource | null = null;
  private anchors: Anchor[] = [];
  private counters: ErrorCounters = initialCounters();
  private startPending: number | null = null;
  private native = false;
  private subtitlesOff = true;
  private disposed = false;
  private loadSeq = 0;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly events: EngineEvents,
  ) {}

  /** Plays `source` from its start point; `resumeAt` (media s) overrides it after a video error. */
  async load(source: PlayerSource, resumeAt?: number): Promise<void> {
    const seq = ++this.loadSeq;
    this.source = source;
    this.anchors = [];
    this.counters = initialCounters();
    this.startPending = source.kind === 'archive' && source.startAt !== undefined ? source.startAt : null;
    const HlsCtor = await loadHls();
    if (seq !== this.loadSeq || this.disposed) return;

    if (!HlsCtor.isSupported()) {
      if (this.video.canPlayType('application/vnd.apple.mpegurl')) {
        this.dropHls();
        this.native = true;
        this.video.src = source.url;
        const start = resumeAt ?? (source.kind === 'vod' ? source.startPosition : undefined);
        if (start) this.video.currentTime = start;
        return;
      }
      this.events.failure('codecError');
      return;
    }
    this.native = false;
    const profile = profileOf(source.kind);
    if (!this.hls || this.profile !== profile) {
      this.dropHls();
      this.video.removeAttribute('src');
      this.hls = this.create(HlsCtor, profile);
      this.profile = profile;
      this.hls.attachMedia(this.video);
    }
    const hls = this.hls;
    // Archive lists start at the programme (the segment holding startAt): start at 0, not at
    // the live edge of a growing EVENT list; the first level load fine-tunes by PDT.
    hls.config.startPosition = resumeAt ?? (source.kind === 'vod' ? (source.startPosition ?? -1) : source.kind === 'archive' ? 0 : -1);
    hls.loadSource(source.url);
  }

  private create(HlsCtor: HlsClass, profile: Profile): Hls {
    const hls = new HlsCtor(configFor(profile));
    const E = HlsCtor.Events;
    hls.on(E.MANIFEST_LOADED, (_e, data) => this.preferTracks(data.audioTracks ?? [], data.subtitles ?? []));
    hls.on(E.MANIFEST_PARSED, () => this.emitLevels());
    hls.on(E.LEVEL_SWITCHED, () => this.emitLevels());
    hls.on(E.LEVEL_LOADED, (_e, data) => this.onLevelLoaded(data));
    hls.on(E.AUDIO_TRACKS_UPDATED, () => this.emitAudio());
    hls.on(E.AUDIO_TRACK_SWITCHED, () => this.emitAudio());
    hls.on(E.SUBTITLE_TRACKS_UPDATED, () => this.emitSubtitles());
    hls.on(E.SUBTITLE_TRACK_SWITCH, () => this.emitSubtitles());
    hls.on(E.ERROR, (_e, data) => this.onError(data));
    return hls;
  }

  /**
   * Sets hls.js's audio/subtitle preference from the manifest before its first track pick, so
   * the viewer's language plays from the first fragment (no switch and reload after start).
   */
  private preferTracks(audio: MediaPlaylist[], text: MediaPlaylist[]): void {
    const hls = this.hls;
    if (!hls) return;
    const info = (t: MediaPlaylist) => ({ id: t.id, name: t.name, lang: t.lang, isDefault: t.default });
    const pick = this.events.pickTracks(audio.map(info), text.map(info));
    const a = audio.find((t) => t.id === pick.audio);
    const s = text.find((t) => t.id === pick.text);
    hls.config.audioPreference = a ? { lang: a.lang, name: a.name } : undefined;
    hls.config.subtitlePreference = s ? { lang: s.lang, name: s.name } : undefined;
    this.subtitlesOff = !s;
  }

  private onLevelLoaded(data: LevelLoadedData): void {
    const details = data.details;
    const anchors = anchorsFrom(details.fragments);
    if (anchors.length > 0) this.anchors = anchors;
    if (this.startPending !== null && anchors.length > 0) {
      const media = absToMedia(anchors, this.startPending);
      this.startPending = null;
      // Restarting hls.js from inside its own event stalls it; seek the element once it has
      // metadata instead (hls.js then loads from there).
      if (media !== null && media > 1) this.seekWhenReady(media);
    }
  }

  private seekWhenReady(media: number): void {
    const v = this.video;
    const seq = this.loadSeq;
    const go = () => {
      if (seq === this.loadSeq) v.currentTime = media;
    };
    if (v.readyState >= 1) go();
    else v.addEventListener('loadedmetadata', go, { once: true });
  }

  private onError(data: ErrorData): void {
    const status = data.response?.code ?? (data.networkDetails as XMLHttpRequest | undefined)?.status;
    const { counters, action } = onPlayerError(this.counters, { type: data.type, details: data.details, fatal: data.fatal, status });
    this.counters = counters;
    const hls = this.hls;
    if (!hls) return;
    switch (action) {
      case 'restartLoad':
        hls.startLoad();
        break;
      case 'reloadSource':
        if (this.source) hls.loadSource(this.source.url);
        break;
      case 'recoverMedia':
        hls.recoverMediaError();
        break;
      case 'swapAudioCodec':
        hls.swapAudioCodec();
        hls.recoverMediaError();
        break;
      case 'codecError':
        hls.stopLoad();
        this.events.failure('codecError');
        break;
      case 'videoError':
        this.events.failure('videoError');
        break;
      case 'destroy':
        this.dropHls();
        this.events.failure('destroy');
        break;
      case 'ignore':
        break;
    }
  }

  private emitLevels(): void {
    const hls = this.hls;
    if (!hls) return;
    const levels = hls.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate }));
    this.events.levels(levels, hls.currentLevel, hls.autoLevelEnabled);
  }

  private emitAudio(): void {
    const hls = this.hls;
    if (!hls) return;
    const tracks = hls.audioTracks.map((t) => ({ id: t.id, name: t.name, lang: t.lang, isDefault: t.default }));
    this.events.audioTracks(tracks, hls.audioTrack);
  }

  private emitSubtitles(): void {
    const hls = this.hls;
    if (!hls) return;
    if (this.subtitlesOff && hls.subtitleTrack >= 0) {
      // A DEFAULT=YES subtitle track that the viewer turned off.
      hls.subtitleTrack = -1;
      hls.subtitleDisplay = false;
    }
    const tracks = hls.subtitleTracks.map((t) => ({ id: t.id, name: t.name, lang: t.lang, isDefault: t.default }));
    this.events.subtitleTracks(tracks, hls.subtitleDisplay ? hls.subtitleTrack : -1);
  }

  setLevel(level: number): void {
    if (!this.hls) return;
    // -1 = auto (ABR); a fixed level switches at the next fragment without flushing.
    this.hls.nextLevel = level;
    if (level === -1) this.hls.currentLevel = -1;
    this.emitLevels();
  }

  setAudio(id: number): void {
    if (this.hls && id >= 0) this.hls.audioTrack = id;
  }

  setSubtitles(id: number): void {
    if (!this.hls) return;
    this.subtitlesOff = id < 0;
    this.hls.subtitleTrack = id;
    this.hls.subtitleDisplay = id >= 0;
    this.emitSubtitles();
  }

  /** The wall-clock time being played (unix s), from the PDT anchors (or hls.js playingDate). */
  clock(): number | null {
    if (this.native) {
      const start = (this.video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
      const t = start?.getTime();
      return t && Number.isFinite(t) ? t / 1000 + this.video.currentTime : null;
    }
    const fromAnchors = mediaToAbs(this.anchors, this.video.currentTime);
    if (fromAnchors !== null) return fromAnchors;
    const d = this.hls?.playingDate;
    return d ? d.getTime() / 1000 : null;
  }

  /** The media position of a wall-clock time, when the loaded playlist holds it. */
  mediaAt(unix: number): number | null {
    if (this.native) {
      const now = this.clock();
      return now === null ? null : this.video.currentTime + (unix - now);
    }
    return absToMedia(this.anchors, unix);
  }

  /** The live edge position (media s), if live. */
  liveEdge(): number | null {
    return this.hls?.liveSyncPosition ?? null;
  }

  /** Loads the current source again (retry button, video-error retries). */
  reload(resumeAt?: number): void {
    if (this.source) void this.load(this.source, resumeAt);
  }

  private dropHls(): void {
    this.hls?.destroy();
    this.hls = null;
    this.profile = null;
  }

  stop(): void {
    this.loadSeq++;
    this.dropHls();
    this.video.removeAttribute('src');
    this.video.load();
  }

  destroy(): void {
    this.disposed = true;
    this.stop();
  }
}
