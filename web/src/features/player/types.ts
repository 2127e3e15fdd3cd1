// The player's public contract (the shared brief): F (channels) and G (guide, embed) use it.

export interface PlayerSource {
  /** HLS master playlist. */
  url: string;
  kind: 'live' | 'archive' | 'vod' | 'trailer';
  /** Pause, skip and scrub allowed (channels). */
  hasArchive?: boolean;
  /** Unix s: the earliest moment scrub may reach. */
  archiveFrom?: number;
  /** Archive: unix s to start from (found in the playlist by PDT). */
  startAt?: number;
  /** Vod: seconds to resume from. */
  startPosition?: number;
  /** Unix s, for the live tick and the seek bounds. */
  programme?: { start: number; end: number; title: string };
  blackouts?: { start: number; end: number }[];
  /** PATCH /v2/users/self/stat/{statId}?duration=30 every 30 s. */
  statId?: string;
  /** Per-content audio/subtitle memory. */
  contentKey?: string;
  title?: string;
  subtitle?: string;
  artwork?: string;
  poster?: string;
  /**
   * Trick-play thumbnails (the stream's screenshot_url): the index, and the scrub bar's value
   * at the stream's time 0 (channels: stream_info.start in unix s; videos: 0).
   */
  thumbnails?: { url: string; offset: number };
}

export type FatalKind = 'download' | 'codec';

export interface PlayerProps {
  source: PlayerSource | null;
  /** preview: muted, no controls, no stat. */
  mode?: 'full' | 'preview';
  /** Every second: the absolute time being played (live/archive). */
  onClock?(unixSeconds: number): void;
  /** The live tick passed programme.end. */
  onProgrammeEnd?(unixSeconds: number): void;
  /** A skip/scrub before programme.start or after its end, or outside what the playlist holds. */
  onSeekOutside?(unixSeconds: number): void;
  /** The viewer asked to go back to live. */
  onLive?(): void;
  /** Channel zap buttons (rendered only when given). */
  onPrev?(): void;
  onNext?(): void;
  /** Vod: next episode. */
  onNearEnd?(): void;
  onEnded?(): void;
  /** History after 10 s. */
  onWatched10s?(): void;
  onFatal?(kind: FatalKind): void;
  /**
   * "Watch here" after the server stopped the stream (another device of the subscriber started
   * watching past the limit of streams at once): ask for the stream again. Without it the page
   * reloads, which asks for it too.
   */
  onWatchHere?(): void;
  className?: string;
}
