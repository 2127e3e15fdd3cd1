import { describe, expect, it } from 'vitest';
import { programmeAction, programmeState } from './programmeAction';

const now = 10_000;
const p = (start: number, duration: number, catchup: boolean) => ({ timestamp: start, duration, is_catchup_available: catchup });

describe('programme click', () => {
  it('plays the programme on air live', () => {
    expect(programmeAction(p(9_000, 2_000, false), now)).toEqual({ kind: 'live' });
    expect(programmeAction(p(now, 60, true), now)).toEqual({ kind: 'live' });
  });

  it('plays a past programme with catch-up from its start', () => {
    expect(programmeAction(p(5_000, 5_000, true), now)).toEqual({ kind: 'archive', ts: 5_000 });
  });

  it('refuses a past programme without catch-up', () => {
    expect(programmeAction(p(5_000, 1_000, false), now)).toEqual({ kind: 'alert', message: 'error_schedule_copyright_banned' });
  });

  it('refuses a future programme, catch-up or not', () => {
    expect(programmeAction(p(now + 1, 100, true), now)).toEqual({ kind: 'alert', message: 'error_schedule_from_future' });
    expect(programmeAction(p(now + 1, 100, false), now)).toEqual({ kind: 'alert', message: 'error_schedule_from_future' });
  });

  it('names the state for styling', () => {
    expect(programmeState(p(0, 100, true), now)).toBe('past');
    expect(programmeState(p(9_999, 100, true), now)).toBe('live');
    expect(programmeState(p(10_001, 100, true), now)).toBe('future');
  });
});
