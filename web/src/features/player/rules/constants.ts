// Player constants of the spec (section 9 "Player", section 5 validation).

export const PLAYER = {
  /** Volume when nothing is stored (0..1). */
  defaultVolume: 1,
  /** Up/down arrows change the volume by 5 %, repeated every 100 ms while held. */
  volumeStep: 0.05,
  volumeRepeatMs: 100,
  /** Left/right arrows skip 10 s; presses within 500 ms add up, then the seek settles. */
  skipStep: 10,
  skipSettleMs: 500,
  controlsHideMs: 5000,
  playPauseAnimationMs: 500,
  /** History is saved after 10 s watched; stat every 30 s. */
  historyAfterSeconds: 10,
  statEverySeconds: 30,
  /** More than 2 player errors stop playback; more than 5 fragment errors flag a video error. */
  maxErrors: 2,
  maxFragmentErrors: 5,
  /** A video error is retried 10 times, each time 10 s further on. */
  videoErrorRetries: 10,
  videoErrorSkip: 10,
  /** Seeks stay 5 s inside the programme bounds. */
  boundsMargin: 5,
  /** Near the end: the last 2 s of a video longer than 20 s. */
  nearEndSeconds: 2,
  nearEndMinDuration: 20,
  /** Quality menu: heights up to 1080, the 4 highest. */
  qualityMaxHeight: 1080,
  qualityMaxCount: 4,
  speeds: [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const,
  /** Within 30 s of now counts as live. */
  liveEdgeSeconds: 30,
  /** Scrub hover previews: only for videos over 20 s; the box is 147 px wide in fullscreen, 98 on phones, else 122.5. */
  hoverPreviewMinDuration: 20,
  hoverBoxFullscreen: 147,
  hoverBoxPhone: 98,
  hoverBoxDefault: 122.5,
} as const;

/** hls.js buffer settings of the spec's channel player (section 9 "HLS buffer"). */
export const CHANNEL_BUFFER = {
  maxBufferLength: 5,
  maxBufferSize: 5_242_880,
  maxMaxBufferLength: 10,
  maxBufferHole: 0.3,
} as const;

/** Trailer stream buffer 5 s. */
export const TRAILER_BUFFER = { maxBufferLength: 5, maxMaxBufferLength: 10 } as const;
