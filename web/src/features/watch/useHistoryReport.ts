import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { saveHistory, saveHistoryOnExit, useInvalidateViewerData, type HistoryMark } from '@/features/content';
import { HISTORY_EVERY_MS, historyMark } from './rules/history';

const SAMPLE_MS = 1_000;

/**
 * Saves where the viewer is (PUT /v2/users/self/history/{id}): after 10 s watched (the
 * player's onWatched10s), then every 30 s while playing, and on leaving (another
 * content, the page closed, the tab gone). `video` reads the player's element; the
 * position is sampled every second and once more as the player leaves the page.
 */
export function useHistoryReport(contentId: number | null, video: () => HTMLVideoElement | null) {
  const started = useRef(false);
  const last = useRef<HistoryMark | null>(null);
  const invalidate = useInvalidateViewerData();
  const videoRef = useRef(video);
  videoRef.current = video;
  const firstRef = useRef<() => void>(() => undefined);

  const sample = useCallback(() => {
    const v = videoRef.current();
    const m = v ? historyMark(v.currentTime, v.duration) : null;
    if (m && m.seconds > 0) last.current = m;
    return last.current;
  }, []);

  // Leaving: a layout effect's cleanup runs while the player is still in the page (a passive
  // one runs after it is gone), so the position sent on leaving is the latest, not up to a
  // sampling step old.
  useLayoutEffect(() => () => void sample(), [contentId, sample]);

  useEffect(() => {
    started.current = false;
    last.current = null;
    if (contentId === null) return;
    const send = (m: HistoryMark | null) => {
      if (started.current && m) void saveHistory(contentId, m).then(invalidate, () => undefined);
    };
    const sampler = window.setInterval(sample, SAMPLE_MS);
    const timer = window.setInterval(() => {
      const v = videoRef.current();
      if (v && !v.paused) send(sample());
    }, HISTORY_EVERY_MS);
    const onHide = () => {
      const m = sample();
      if (started.current && m) saveHistoryOnExit(contentId, m);
    };
    const onFirst = () => {
      started.current = true;
      send(sample());
    };
    firstRef.current = onFirst;
    window.addEventListener('pagehide', onHide);
    return () => {
      window.clearInterval(sampler);
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      send(last.current);
      started.current = false;
    };
  }, [contentId, invalidate, sample]);

  /** The player's onWatched10s. */
  const onWatched10s = useCallback(() => firstRef.current(), []);
  return { onWatched10s };
}
