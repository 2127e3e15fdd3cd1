// When a playback reports (spec 9): updates at 120, 300 and 600 s watched, then every 600 s
// up to 3000 s; the 5-minute watch event at 300 s.

export const UPDATE_FIRST_MARKS = [120, 300, 600] as const;
export const UPDATE_EVERY_SECONDS = 600;
export const UPDATE_LAST_SECONDS = 3000;
export const WATCH_5MIN_SECONDS = 300;

/** Whether `watched` (whole seconds played) is a playback update mark. */
export function isUpdateMark(watched: number): boolean {
  if ((UPDATE_FIRST_MARKS as readonly number[]).includes(watched)) return true;
  return watched > 600 && watched <= UPDATE_LAST_SECONDS && watched % UPDATE_EVERY_SECONDS === 0;
}

/** Every mark of one playback, in order (for tests and the docs). */
export function updateMarks(): number[] {
  const out: number[] = [];
  for (let s = 1; s <= UPDATE_LAST_SECONDS; s++) if (isUpdateMark(s)) out.push(s);
  return out;
}
