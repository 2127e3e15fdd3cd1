// What a click on a programme of the guide does (spec "Channel viewer", schedule item
// click): on air plays live, past with catch-up plays from its start, a future one and a
// past one without catch-up only explain why not.

export type ProgrammeAction =
  | { kind: 'live' }
  | { kind: 'archive'; ts: number }
  | { kind: 'alert'; message: 'error_schedule_from_future' | 'error_schedule_copyright_banned' };

export interface ClickedProgramme {
  timestamp: number;
  duration: number;
  is_catchup_available: boolean;
}

export function programmeAction(p: ClickedProgramme, now: number): ProgrammeAction {
  if (p.timestamp > now) return { kind: 'alert', message: 'error_schedule_from_future' };
  if (now < p.timestamp + p.duration) return { kind: 'live' };
  if (!p.is_catchup_available) return { kind: 'alert', message: 'error_schedule_copyright_banned' };
  return { kind: 'archive', ts: p.timestamp };
}

/** Where a programme sits relative to now (styling and the screen reader's state). */
export function programmeState(p: { timestamp: number; duration: number }, now: number): 'past' | 'live' | 'future' {
  if (p.timestamp > now) return 'future';
  return now < p.timestamp + p.duration ? 'live' : 'past';
}
