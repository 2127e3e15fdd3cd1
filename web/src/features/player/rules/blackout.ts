// Blackout (spec 4 "Player"): archive ranges of programmes without catch-up show the
// configuration's mattress image instead of the picture; never while at live.

export interface Range {
  start: number;
  end: number;
}

export function blackoutAt(ranges: readonly Range[] | undefined, clock: number | null, live: boolean): Range | null {
  if (live || clock === null || !ranges) return null;
  return ranges.find((r) => clock >= r.start && clock < r.end) ?? null;
}
