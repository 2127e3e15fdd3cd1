// The video player (spec 4 "Player"): one module for channels (live and archive), films,
// trailers and embeds. hls.js is loaded on first playback, not with the page.
export { Player } from './Player';
export type { PlayerProps, PlayerSource, FatalKind } from './types';
