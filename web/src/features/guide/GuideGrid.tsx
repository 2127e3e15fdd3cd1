import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuideIndex, GuideProgramme } from './api';
import { programmeState } from './programmeAction';
import { moveFocus, type FocusKey, type GridKey } from './gridKeys';
import {
  entriesIn,
  entryAt,
  sameWindow,
  ticks,
  timeToX,
  visibleWindow,
  type Geometry,
  type VisibleWindow,
} from './timeline';
import { clock, template } from './format';
import styles from './Guide.module.css';

/** See Row: the cells that may cross the visible left edge. */
const EDGE_SPAN = 3600;

/**
 * Keeps the title of a programme that began left of the visible area readable right of
 * the channel column, by shifting it inside its cell (transform: no layout). Done on the
 * DOM from the scroll handler: position: sticky would do it too, but every sticky box is
 * a composited layer and dozens of them halve the scroll's frame rate.
 */
function alignTitles(el: HTMLElement, channelWidth: number) {
  const edge = el.scrollLeft + channelWidth;
  for (const cell of el.querySelectorAll<HTMLElement>('[data-edge]')) {
    const x = Number(cell.dataset.edge);
    const text = cell.firstElementChild as HTMLElement | null;
    if (!text) continue;
    const room = cell.clientWidth - text.offsetWidth - 16;
    const shift = Math.max(0, Math.min(edge - x, room));
    const value = shift > 0 ? `translateX(${shift}px)` : '';
    if (text.style.transform !== value) text.style.transform = value;
  }
}

type Fill = (values: Record<string, string>) => string;
interface Labels {
  channel: Fill;
  cell: Fill;
  live: Fill;
}

/** The grid's accessible names as templates: one translation per language, not per cell. */
function useLabels(): Labels {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({
      channel: template((s) => t('guide.channelLabel', { number: s.number, name: s.name, interpolation: { escapeValue: false } }), ['number', 'name']),
      cell: template((s) => t('guide.cellLabel', { title: s.title, time: s.time, channel: s.channel, interpolation: { escapeValue: false } }), ['title', 'time', 'channel']),
      live: template((s) => t('guide.cellLabelLive', { title: s.title, time: s.time, channel: s.channel, interpolation: { escapeValue: false } }), ['title', 'time', 'channel']),
    }),
    // i18n.language: the templates follow the interface language
    [t, i18n.language], // eslint-disable-line react-hooks/exhaustive-deps
  );
}

// The guide grid: channels down, time across, both virtualised by hand. The scroller
// holds a canvas of the full size; only the rows inside the viewport (plus a margin) and,
// in them, only the programmes inside the visible time span are in the DOM, absolutely
// positioned. The window is snapped (rows, 30-minute steps), so a scroll re-renders only
// when it crosses a step, and unchanged rows skip rendering (memo).

export interface GuideChannel {
  id: number;
  name: string;
  number: number;
  logo?: string;
}

export interface ScrollRequest {
  time: number;
  nonce: number;
}

interface Props {
  channels: GuideChannel[];
  index: GuideIndex;
  day: number;
  dayLength: number;
  now: number;
  geometry: Geometry;
  scrollRequest: ScrollRequest;
  onOpen(channel: GuideChannel, programme: GuideProgramme): void;
  onTimeRange(from: number, to: number): void;
  label: string;
  /** Id of the element telling how the keys work. */
  describedBy?: string;
}

export function GuideGrid({ channels, index, day, dayLength, now, geometry: g, scrollRequest, onOpen, onTimeRange, label, describedBy }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const geo = useMemo(() => ({ ...g, origin: day }), [g, day]);
  const [win, setWin] = useState<VisibleWindow>(() => ({ rowStart: 0, rowEnd: Math.min(channels.length, 16), from: day, to: day }));
  const [focus, setFocus] = useState<FocusKey | null>(null);
  const pendingFocus = useRef(false);
  const painted = useRef(false);
  const rowCount = channels.length;
  const totalWidth = g.channelWidth + timeToX(geo, day + dayLength);
  const totalHeight = g.rulerHeight + rowCount * g.rowHeight;

  const labels = useLabels();

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    alignTitles(el, g.channelWidth);
    const next = visibleWindow(geo, { scrollTop: el.scrollTop, scrollLeft: el.scrollLeft, width: el.clientWidth, height: el.clientHeight }, rowCount);
    setWin((prev) => (sameWindow(prev, next) ? prev : next));
  }, [geo, rowCount, g.channelWidth]);

  useLayoutEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure]);

  // Scroll the asked time to a quarter of the visible width (the page asks on load, on
  // "now" and on a day switch to today).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const timeWidth = el.clientWidth - g.channelWidth;
    el.scrollLeft = Math.max(0, timeToX(geo, scrollRequest.time) - timeWidth / 4);
    measure();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when asked
  }, [scrollRequest.nonce]);

  // New cells come without the title shift: align after every commit (cheap: a few dozen cells).
  useLayoutEffect(() => {
    if (scroller.current) alignTitles(scroller.current, g.channelWidth);
  });

  useEffect(() => {
    onTimeRange(win.from, win.to);
  }, [win.from, win.to, onTimeRange]);

  // guide:painted once the first rows with programmes are committed (the bench reads it).
  const hasProgrammes = index.size > 0 && rowCount > 0;
  useLayoutEffect(() => {
    if (!hasProgrammes || painted.current) return;
    painted.current = true;
    performance.mark('guide:commit');
    requestAnimationFrame(() => performance.mark('guide:painted'));
  }, [hasProgrammes]);

  const dayEnd = day + dayLength;
  const clipFrom = Math.max(win.from, day);
  const clipTo = Math.min(win.to, dayEnd);

  // The cell that takes Tab: the focused one, else the programme on air (or the first
  // visible one) of the first row in view.
  const firstRow = Math.min(rowCount - 1, Math.max(0, Math.floor((scroller.current?.scrollTop ?? 0) / g.rowHeight)));
  const tabKey: FocusKey | null = useMemo(() => {
    if (focus && focus.row < rowCount) return focus;
    const ch = channels[firstRow];
    const list = ch ? index.get(ch.id) : undefined;
    if (!ch || !list?.length) return null;
    const at = entryAt(list, Math.min(Math.max(now, clipFrom), clipTo - 1));
    const pick = at >= 0 ? list[at]! : entriesIn(list, clipFrom, clipTo)[0];
    return pick ? { row: firstRow, id: pick.id } : null;
  }, [focus, rowCount, channels, firstRow, index, now, clipFrom, clipTo]);

  const rows: number[] = [];
  for (let r = win.rowStart; r < win.rowEnd; r++) rows.push(r);
  if (tabKey && (tabKey.row < win.rowStart || tabKey.row >= win.rowEnd)) rows.push(tabKey.row);

  useLayoutEffect(() => {
    if (!pendingFocus.current || !focus) return;
    pendingFocus.current = false;
    const cell = scroller.current?.querySelector<HTMLElement>(`[data-cell="${focus.row}:${focus.id}"]`);
    cell?.focus({ preventScroll: true });
  }, [focus]);

  /** Scrolls the cell fully into the area right of the channel column and below the ruler. */
  const reveal = useCallback(
    (row: number, p: GuideProgramme) => {
      const el = scroller.current;
      if (!el) return;
      const top = row * g.rowHeight;
      const bodyHeight = el.clientHeight - g.rulerHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + g.rowHeight > el.scrollTop + bodyHeight) el.scrollTop = top + g.rowHeight - bodyHeight;
      const timeWidth = el.clientWidth - g.channelWidth;
      const x0 = Math.max(0, timeToX(geo, p.timestamp));
      const x1 = Math.min(timeToX(geo, dayEnd), timeToX(geo, p.timestamp + p.duration));
      if (x0 < el.scrollLeft) el.scrollLeft = Math.max(0, x0 - 16);
      else if (x1 > el.scrollLeft + timeWidth) el.scrollLeft = Math.min(x0 - 16, x1 - timeWidth + 16);
      measure();
    },
    [g, geo, dayEnd, measure],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!target) return;
    const [row, id] = target.dataset.cell!.split(':').map(Number) as [number, number];
    const here = { row, id };
    if (e.key === 'Enter' || e.key === ' ') {
      const p = index.get(channels[row]!.id)?.find((x) => x.id === id);
      if (p) {
        e.preventDefault();
        onOpen(channels[row]!, p);
      }
      return;
    }
    const pageRows = Math.max(1, Math.floor(((scroller.current?.clientHeight ?? 600) - g.rulerHeight) / g.rowHeight) - 1);
    const next = moveFocus(e.key as GridKey, here, {
      rows: channels.map((c) => index.get(c.id) ?? []),
      day,
      dayEnd,
      pageRows,
      viewFrom: clipFrom,
    });
    if (!next) return;
    e.preventDefault();
    const p = index.get(channels[next.row]!.id)?.find((x) => x.id === next.id);
    if (p) reveal(next.row, p);
    pendingFocus.current = true;
    setFocus(next);
  };

  const nowX = now >= day && now < dayEnd ? g.channelWidth + timeToX(geo, now) : null;

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={measure}
      onKeyDown={onKeyDown}
      role="grid"
      aria-label={label}
      aria-describedby={describedBy}
      aria-rowcount={rowCount}
      aria-readonly="true"
      data-testid="guide-grid"
    >
      <div className={styles.canvas} style={{ width: totalWidth, height: totalHeight }}>
        <Ruler geo={geo} day={day} dayLength={dayLength} from={clipFrom} to={clipTo} width={totalWidth} nowX={nowX} now={now} />
        <div className={styles.body} style={{ height: rowCount * g.rowHeight }}>
          {rows.map((r) => {
            const ch = channels[r]!;
            return (
              <Row
                key={ch.id}
                row={r}
                channel={ch}
                list={index.get(ch.id)}
                from={clipFrom}
                to={clipTo}
                geo={geo}
                width={totalWidth}
                dayEnd={dayEnd}
                now={now}
                tabId={tabKey?.row === r ? tabKey.id : null}
                labels={labels}
                onOpen={onOpen}
                onFocusCell={setFocus}
              />
            );
          })}
          {nowX !== null && <div className={styles.nowLine} style={{ transform: `translateX(${nowX}px)` }} aria-hidden="true" data-testid="guide-now" />}
        </div>
      </div>
    </div>
  );
}

interface RulerProps {
  geo: Geometry;
  day: number;
  dayLength: number;
  from: number;
  to: number;
  width: number;
  nowX: number | null;
  now: number;
}

/** The sticky time ruler: a label every hour, a tick every 30 minutes (visible ones only). */
const Ruler = memo(function Ruler({ geo, day, dayLength, from, to, width, nowX, now }: RulerProps) {
  return (
    <div className={styles.ruler} style={{ width, height: geo.rulerHeight }} aria-hidden="true">
      <div className={styles.corner} style={{ width: geo.channelWidth }} />
      {ticks(day, dayLength, from, to).map((t) => {
        const hour = (t - day) % 3600 === 0;
        return (
          <div key={t} className={hour ? styles.tickHour : styles.tick} style={{ transform: `translateX(${geo.channelWidth + timeToX(geo, t)}px)` }}>
            {hour && <span>{clock(t)}</span>}
          </div>
        );
      })}
      {nowX !== null && (
        <div className={styles.nowMark} style={{ transform: `translateX(${nowX}px)` }}>
          <span>{clock(now)}</span>
        </div>
      )}
    </div>
  );
});

interface RowProps {
  row: number;
  channel: GuideChannel;
  list: GuideProgramme[] | undefined;
  from: number;
  to: number;
  geo: Geometry;
  width: number;
  dayEnd: number;
  now: number;
  tabId: number | null;
  labels: Labels;
  onOpen(channel: GuideChannel, programme: GuideProgramme): void;
  onFocusCell(key: FocusKey): void;
}

const Row = memo(function Row({ row, channel, list, from, to, geo, width, dayEnd, now, tabId, labels, onOpen, onFocusCell }: RowProps) {
  const cells = list ? entriesIn(list, from, to) : [];
  if (tabId !== null && !cells.some((p) => p.id === tabId)) {
    const forced = list?.find((p) => p.id === tabId);
    if (forced) cells.push(forced);
  }
  const day = geo.origin;
  // Cells that may cross the visible left edge (the window starts 30-60 min before it,
  // visibleWindow's snap) carry data-edge: alignTitles keeps their titles in view.
  const edgeUntil = from + EDGE_SPAN;
  return (
    <div
      role="row"
      aria-rowindex={row + 1}
      className={styles.row}
      style={{ width, height: geo.rowHeight, transform: `translateY(${row * geo.rowHeight}px)` }}
      data-row={row}
    >
      <div role="rowheader" className={styles.channel} style={{ width: geo.channelWidth }} aria-label={labels.channel({ number: String(channel.number), name: channel.name })}>
        {channel.logo ? <img className={styles.logo} src={channel.logo} alt="" loading="lazy" decoding="async" /> : <span className={styles.logoFallback} aria-hidden="true">{channel.name.slice(0, 2)}</span>}
        <span className={styles.number}>{channel.number}</span>
        <span className={styles.channelName}>{channel.name}</span>
      </div>
      {cells.map((p) => {
        const start = Math.max(p.timestamp, day);
        const end = Math.min(p.timestamp + p.duration, dayEnd);
        const x = geo.channelWidth + timeToX(geo, start);
        const w = Math.max(2, timeToX(geo, end) - timeToX(geo, start));
        const state = programmeState(p, now);
        const time = `${clock(p.timestamp)}–${clock(p.timestamp + p.duration)}`;
        const label = (state === 'live' ? labels.live : labels.cell)({ title: p.title, time, channel: channel.name });
        const progress = state === 'live' ? Math.min(1, (now - p.timestamp) / p.duration) : 0;
        return (
          <div
            key={p.id}
            role="gridcell"
            tabIndex={tabId === p.id ? 0 : -1}
            aria-label={label}
            className={`${styles.cell} ${styles[state]}`}
            style={{ left: x, width: w }}
            data-cell={`${row}:${p.id}`}
            data-edge={p.timestamp < edgeUntil ? x : undefined}
            data-state={state}
            onClick={() => onOpen(channel, p)}
            onFocus={() => onFocusCell({ row, id: p.id })}
          >
            <span className={styles.cellText}>
              <span className={styles.cellTitle}>{p.title}</span>
              <span className={styles.cellTime}>{time}</span>
            </span>
            {state === 'live' && <span className={styles.progress} style={{ transform: `scaleX(${progress})` }} aria-hidden="true" />}
          </div>
        );
      })}
    </div>
  );
});
