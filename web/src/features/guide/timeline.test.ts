import { describe, expect, it } from 'vitest';
import {
  chunksFor,
  clampDay,
  dayLabelKind,
  dayLength,
  dayStart,
  entriesIn,
  entryAt,
  guideDays,
  isoDate,
  parseIsoDate,
  ticks,
  timeToX,
  visibleWindow,
  xToTime,
  type Geometry,
} from './timeline';

const g: Geometry = { origin: 1_000_000, pxPerHour: 240, rowHeight: 64, channelWidth: 200, rulerHeight: 40 };

describe('time <-> x', () => {
  it('maps an hour to pxPerHour pixels from the origin', () => {
    expect(timeToX(g, g.origin)).toBe(0);
    expect(timeToX(g, g.origin + 3600)).toBe(240);
    expect(timeToX(g, g.origin + 1800)).toBe(120);
    expect(xToTime(g, 480)).toBe(g.origin + 7200);
  });

  it('round-trips', () => {
    for (const t of [g.origin, g.origin + 123, g.origin + 86_399]) expect(xToTime(g, timeToX(g, t))).toBeCloseTo(t, 6);
  });
});

describe('visibleWindow', () => {
  it('covers the viewport plus overscan rows and snaps the time span to 30 minutes', () => {
    const w = visibleWindow(g, { scrollTop: 640, scrollLeft: 480, width: 1200, height: 680 }, 300, { overscanRows: 2 });
    // rows 10..(10 + 640/64 = 20) visible, 2 extra each side
    expect(w.rowStart).toBe(8);
    expect(w.rowEnd).toBe(22);
    // time area 1000 px from 480 px: 2h .. 6h10m; snapped out to 1h30 .. 7h00
    expect(w.from).toBe(g.origin + 1.5 * 3600);
    expect(w.to).toBe(g.origin + 7 * 3600);
  });

  it('stays inside the row count and starts at zero', () => {
    const w = visibleWindow(g, { scrollTop: 0, scrollLeft: 0, width: 800, height: 900 }, 5);
    expect(w.rowStart).toBe(0);
    expect(w.rowEnd).toBe(5);
    const end = visibleWindow(g, { scrollTop: 64 * 295, scrollLeft: 0, width: 800, height: 900 }, 300);
    expect(end.rowEnd).toBe(300);
  });

  it('keeps the same window for a small scroll (no re-render)', () => {
    const a = visibleWindow(g, { scrollTop: 0, scrollLeft: 500, width: 1200, height: 800 }, 300);
    const b = visibleWindow(g, { scrollTop: 3, scrollLeft: 510, width: 1200, height: 800 }, 300);
    expect(b).toEqual(a);
  });

  it('renders a bounded number of rows for 300 channels', () => {
    const w = visibleWindow(g, { scrollTop: 64 * 150, scrollLeft: 0, width: 1440, height: 760 }, 300);
    expect(w.rowEnd - w.rowStart).toBeLessThan(25);
  });
});

describe('entries in a window', () => {
  const list = [
    { id: 1, timestamp: 0, duration: 100 },
    { id: 2, timestamp: 100, duration: 50 },
    { id: 3, timestamp: 150, duration: 200 },
    { id: 4, timestamp: 350, duration: 10 },
  ];

  it('answers the entries overlapping [from, to)', () => {
    expect(entriesIn(list, 120, 360).map((e) => e.id)).toEqual([2, 3, 4]);
    expect(entriesIn(list, 100, 150).map((e) => e.id)).toEqual([2]);
    expect(entriesIn(list, 400, 500)).toEqual([]);
    expect(entriesIn([], 0, 10)).toEqual([]);
  });

  it('finds the entry on air', () => {
    expect(entryAt(list, 0)).toBe(0);
    expect(entryAt(list, 149)).toBe(1);
    expect(entryAt(list, 150)).toBe(2);
    expect(entryAt(list, 360)).toBe(-1);
  });
});

describe('days', () => {
  const now = Math.floor(new Date(2026, 10, 22, 3, 15).getTime() / 1000);

  it('lists 7 days back to 3 ahead, starting at local midnight', () => {
    const days = guideDays(now);
    expect(days).toHaveLength(11);
    expect(days[0]!.offset).toBe(-7);
    expect(days[7]!.offset).toBe(0);
    expect(days[7]!.start).toBe(Math.floor(new Date(2026, 10, 22).getTime() / 1000));
    expect(isoDate(days[0]!.start)).toBe('2026-11-15');
    expect(isoDate(days[10]!.start)).toBe('2026-11-25');
  });

  it('labels today, yesterday and tomorrow in words, others by date', () => {
    expect(dayLabelKind(0)).toBe('today');
    expect(dayLabelKind(-1)).toBe('yesterday');
    expect(dayLabelKind(1)).toBe('tomorrow');
    expect(dayLabelKind(-3)).toBe('date');
  });

  it('parses the ?date= of the page and clamps it to the switcher', () => {
    expect(parseIsoDate('2026-11-20')).toBe(Math.floor(new Date(2026, 10, 20).getTime() / 1000));
    expect(parseIsoDate('2026-02-31')).toBeNull();
    expect(parseIsoDate('yesterday')).toBeNull();
    expect(clampDay(now, null)).toBe(dayStart(now));
    expect(isoDate(clampDay(now, parseIsoDate('2026-01-01')))).toBe('2026-11-15');
    expect(isoDate(clampDay(now, parseIsoDate('2027-01-01')))).toBe('2026-11-25');
    expect(isoDate(clampDay(now, parseIsoDate('2026-11-21')))).toBe('2026-11-21');
  });

  it('knows a day is 24 h (23 or 25 on clock changes)', () => {
    expect([82_800, 86_400, 90_000]).toContain(dayLength(dayStart(now)));
  });
});

describe('fetch chunks and ruler ticks', () => {
  const day = 0;
  const len = 86_400;

  it('fetches the 6-hour chunks in view plus one of margin each side', () => {
    expect(chunksFor(day, len, 7 * 3600, 9 * 3600)).toEqual([
      [0, 21_600],
      [21_600, 43_200],
      [43_200, 64_800],
    ]);
    expect(chunksFor(day, len, 0, 3600)).toEqual([
      [0, 21_600],
      [21_600, 43_200],
    ]);
    expect(chunksFor(day, len, 23 * 3600, 24 * 3600)).toEqual([
      [43_200, 64_800],
      [64_800, 86_400],
    ]);
  });

  it('clips the last chunk of a short day', () => {
    expect(chunksFor(day, 82_800, 22 * 3600, 23 * 3600).at(-1)).toEqual([64_800, 82_800]);
  });

  it('ticks every 30 minutes inside the span and the day', () => {
    expect(ticks(day, len, 3600 + 60, 3 * 3600)).toEqual([3600, 5400, 7200, 9000]);
    expect(ticks(day, len, -3600, 1800)).toEqual([0]);
    expect(ticks(day, len, 86_000, 90_000)).toEqual([84_600]);
  });
});
