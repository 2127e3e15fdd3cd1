import { useEffect, useRef } from 'react';
import { PLAYER } from './rules/constants';

// Player keys (spec 4): space play/pause, F fullscreen, left/right skip (settled after
// 500 ms), up/down volume 5 % repeated every 100 ms while held. Not while the viewer types
// in a field, uses a slider or a menu, or holds a modifier.

export interface KeyActions {
  togglePlay(): void;
  toggleFullscreen(): void;
  skip(delta: number): void;
  volumeBy(delta: number): void;
  activity(): void;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.isContentEditable) return true;
  return el.closest('input, textarea, select, [role="slider"], [role="menu"], [role="listbox"], [role="dialog"]:not([data-player-host])') !== null;
}

export function useKeys(enabled: boolean, actions: KeyActions, root: React.RefObject<HTMLElement | null>) {
  const ref = useRef(actions);
  ref.current = actions;

  useEffect(() => {
    if (!enabled) return;
    let repeat: ReturnType<typeof setInterval> | undefined;
    let repeatKey: string | null = null;
    const stopRepeat = () => {
      clearInterval(repeat);
      repeat = undefined;
      repeatKey = null;
    };

    const onDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      // A dialog over the page (PIN, auth) owns the keys unless the player is inside it.
      const dialog = (e.target as HTMLElement | null)?.closest?.('[role="dialog"]');
      if (dialog && !dialog.contains(root.current)) return;
      if (isTypingTarget(e.target)) return;
      const a = ref.current;
      const onButton = Boolean((e.target as HTMLElement | null)?.closest?.('button, a'));
      switch (e.key) {
        case ' ':
        case 'Spacebar':
          if (onButton) return; // the focused button gets its own click
          e.preventDefault();
          if (!e.repeat) a.togglePlay();
          break;
        case 'f':
        case 'F':
        case 'а': // F on a Russian layout
        case 'А':
          e.preventDefault();
          if (!e.repeat) a.toggleFullscreen();
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
          e.preventDefault();
          a.skip(e.key === 'ArrowLeft' ? -PLAYER.skipStep : PLAYER.skipStep);
          break;
        case 'ArrowUp':
        case 'ArrowDown': {
          e.preventDefault();
          if (e.repeat || repeatKey === e.key) return;
          const delta = e.key === 'ArrowUp' ? PLAYER.volumeStep : -PLAYER.volumeStep;
          stopRepeat();
          repeatKey = e.key;
          a.volumeBy(delta);
          repeat = setInterval(() => ref.current.volumeBy(delta), PLAYER.volumeRepeatMs);
          break;
        }
        default:
          return;
      }
      a.activity();
    };
    const onUp = (e: KeyboardEvent) => {
      if (e.key === repeatKey) stopRepeat();
    };
    window.addEventListener('keydown', onDown);
    window.addEventListener('keyup', onUp);
    window.addEventListener('blur', stopRepeat);
    return () => {
      stopRepeat();
      window.removeEventListener('keydown', onDown);
      window.removeEventListener('keyup', onUp);
      window.removeEventListener('blur', stopRepeat);
    };
  }, [enabled, root]);
}
