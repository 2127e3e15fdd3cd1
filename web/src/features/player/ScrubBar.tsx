import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYER } from './rules/constants';
import styles from './ScrubBar.module.css';
import type { ThumbnailCue } from './thumbnails';

// The scrub bar: a slider over the programme (channels, unix s) or the video (media s).
// Dragging previews the target and seeks on release; arrows skip 10 s, Home/End go to the ends.
// Pointing at it (or dragging) shows the stream's thumbnail of that moment when it has them.

interface Props {
  start: number;
  end: number;
  value: number;
  /** The furthest reachable point (now on a channel); the rest is drawn as not yet aired. */
  limit: number;
  format(v: number): string;
  onSeek(v: number): void;
  onDraggingChange(dragging: boolean): void;
  /** Thumbnails: the tile of a moment of the bar (null: none), in a box this wide. */
  preview?: { at(v: number): ThumbnailCue | null; width: number; onWanted(): void };
}

export function ScrubBar({ start, end, value, limit, format, onSeek, onDraggingChange, preview }: Props) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<number | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const pointed = drag ?? hover;
  const cue = pointed !== null && preview ? preview.at(pointed) : null;
  const span = Math.max(1, end - start);
  const shown = drag ?? value;
  const pct = (v: number) => `${Math.min(100, Math.max(0, ((v - start) / span) * 100))}%`;

  function at(e: PointerEvent): number {
    const rect = trackRef.current!.getBoundingClientRect();
    const x = Math.min(rect.width, Math.max(0, e.clientX - rect.left));
    return Math.min(limit, start + (x / Math.max(1, rect.width)) * span);
  }

  function onKey(e: KeyboardEvent) {
    let to: number | null = null;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') to = value - PLAYER.skipStep;
    else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') to = value + PLAYER.skipStep;
    else if (e.key === 'PageDown') to = value - 60;
    else if (e.key === 'PageUp') to = value + 60;
    else if (e.key === 'Home') to = start;
    else if (e.key === 'End') to = limit;
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();
    onSeek(Math.min(limit, Math.max(start, to)));
  }

  return (
    <div
      className={styles.scrub}
      role="slider"
      tabIndex={0}
      aria-label={t('player.seek')}
      aria-valuemin={Math.floor(start)}
      aria-valuemax={Math.floor(end)}
      aria-valuenow={Math.floor(shown)}
      aria-valuetext={t('player.timeOf', { current: format(shown), total: format(end) })}
      onKeyDown={onKey}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        setDrag(at(e));
        onDraggingChange(true);
      }}
      onPointerEnter={() => preview?.onWanted()}
      onPointerMove={(e) => {
        if (drag !== null) setDrag(at(e));
        else if (e.pointerType === 'mouse') setHover(at(e));
      }}
      onPointerLeave={() => setHover(null)}
      onPointerUp={(e) => {
        if (drag === null) return;
        const to = at(e);
        setDrag(null);
        onDraggingChange(false);
        onSeek(to);
      }}
      onPointerCancel={() => {
        setDrag(null);
        onDraggingChange(false);
      }}
    >
      <div ref={trackRef} className={styles.scrubTrack}>
        <div className={styles.scrubFuture} style={{ left: pct(limit) }} />
        <div className={styles.scrubFill} style={{ width: pct(shown) }} />
        <div className={styles.scrubThumb} style={{ left: pct(shown) }} />
        {cue && preview && pointed !== null ? (
          <Thumbnail cue={cue} width={preview.width} left={pct(pointed)} label={format(pointed)} />
        ) : (
          drag !== null && (
            <div className={styles.scrubTip} style={{ left: pct(drag) }} aria-hidden="true">
              {format(drag)}
            </div>
          )
        )}
      </div>
    </div>
  );
}

/** The hover box: the cue's tile scaled to the box's width, and the moment under it. */
function Thumbnail({ cue, width, left, label }: { cue: ThumbnailCue; width: number; left: string; label: string }) {
  const scale = width / cue.w;
  return (
    <div className={styles.preview} style={{ left, width }} aria-hidden="true" data-scrub-preview="">
      <div className={styles.previewFrame} style={{ width, height: cue.h * scale }}>
        <img
          src={cue.src}
          alt=""
          draggable={false}
          style={{ transform: `translate(${-cue.x * scale}px, ${-cue.y * scale}px) scale(${scale})` }}
        />
      </div>
      <span className={styles.previewTime}>{label}</span>
    </div>
  );
}
