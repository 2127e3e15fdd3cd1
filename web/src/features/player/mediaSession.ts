import { useEffect, useRef } from 'react';
import type { PlayerSource } from './types';

// Media Session: title, subtitle and artwork on the lock screen / system controls, with
// play, pause and seek handlers routed through the player's own rules.

export interface SessionActions {
  play(): void;
  pause(): void;
  skip(delta: number): void;
  seekTo(media: number): void;
}

export function useMediaSession(source: PlayerSource | null, enabled: boolean, canSeek: boolean, actions: SessionActions) {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    if (!enabled || !source || typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const ms = navigator.mediaSession;
    try {
      if (typeof MediaMetadata !== 'undefined') {
        ms.metadata = new MediaMetadata({
          title: source.title ?? source.programme?.title ?? '',
          artist: source.subtitle ?? '',
          artwork: source.artwork ? [{ src: source.artwork }] : [],
        });
      }
    } catch {
      // Metadata is a nicety; some browsers reject artwork URLs.
    }
    const set = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      try {
        ms.setActionHandler(action, handler);
      } catch {
        // Action not supported by this browser.
      }
    };
    set('play', () => ref.current.play());
    set('pause', () => ref.current.pause());
    set('seekbackward', canSeek ? (d) => ref.current.skip(-(d.seekOffset ?? 10)) : null);
    set('seekforward', canSeek ? (d) => ref.current.skip(d.seekOffset ?? 10) : null);
    set('seekto', canSeek ? (d) => d.seekTime !== undefined && ref.current.seekTo(d.seekTime) : null);
    return () => {
      for (const a of ['play', 'pause', 'seekbackward', 'seekforward', 'seekto'] as MediaSessionAction[]) set(a, null);
      ms.metadata = null;
    };
  }, [source, enabled, canSeek]);
}
