import { PLAYER } from './constants';

// Watched-time cadence: history after 10 s watched, stat every 30 s of playing (spec 9),
// and near-end of a vod (spec 4 "Content page and play flow" 7).

export interface WatchState {
  watched: number; // whole seconds played since the source started
  historyDone: boolean;
}

export const initialWatch = (): WatchState => ({ watched: 0, historyDone: false });

export interface WatchTick {
  state: WatchState;
  /** Send PATCH stat?duration=30 now. */
  stat: boolean;
  /** Call onWatched10s now (once). */
  history: boolean;
}

/** One second of actual playing. */
export function tickWatched(s: WatchState): WatchTick {
  const watched = s.watched + 1;
  const history = !s.historyDone && watched >= PLAYER.historyAfterSeconds;
  return {
    state: { watched, historyDone: s.historyDone || history },
    stat: watched % PLAYER.statEverySeconds === 0,
    history,
  };
}

/** Within the last 2 s of a video longer than 20 s. */
export function isNearEnd(position: number, duration: number): boolean {
  return Number.isFinite(duration) && duration > PLAYER.nearEndMinDuration && duration - position <= PLAYER.nearEndSeconds;
}
