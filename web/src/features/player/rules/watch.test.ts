import { describe, expect, it } from 'vitest';
import { initialWatch, isNearEnd, tickWatched } from './watch';

describe('watch cadence', () => {
  it('saves history once after 10 s and sends stat every 30 s', () => {
    let s = initialWatch();
    const history: number[] = [];
    const stat: number[] = [];
    for (let i = 1; i <= 95; i++) {
      const t = tickWatched(s);
      s = t.state;
      if (t.history) history.push(i);
      if (t.stat) stat.push(i);
    }
    expect(history).toEqual([10]);
    expect(stat).toEqual([30, 60, 90]);
  });

  it('is near the end in the last 2 s of a video longer than 20 s', () => {
    expect(isNearEnd(98, 100)).toBe(true);
    expect(isNearEnd(97.9, 100)).toBe(false);
    expect(isNearEnd(19, 20)).toBe(false);
    expect(isNearEnd(5, Infinity)).toBe(false);
  });
});
