import { useCallback, useEffect, useRef, useState } from 'react';
import { PLAYER } from './rules/constants';

// Controls show on hover or touch and hide after 5 s without activity, unless a menu is
// open, the viewer is dragging, or the video is paused.

export function useControlsVisibility(hold: boolean) {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const holdRef = useRef(hold);
  holdRef.current = hold;

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!holdRef.current) setVisible(false);
    }, PLAYER.controlsHideMs);
  }, []);

  const show = useCallback(() => {
    setVisible(true);
    schedule();
  }, [schedule]);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    if (!holdRef.current) setVisible(false);
  }, []);

  useEffect(() => {
    if (hold) {
      clearTimeout(timer.current);
      setVisible(true);
    } else schedule();
  }, [hold, schedule]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { visible, show, hide };
}
