import { describe, expect, it } from 'vitest';
import { nextHeaderScroll, type HeaderScroll } from './headerScroll';

const top: HeaderScroll = { dark: false, hidden: false };

describe('the header on scroll', () => {
  it('turns dark past 140 px and back above it', () => {
    expect(nextHeaderScroll(top, 0, 140, false)).toEqual({ dark: false, hidden: false });
    const dark = nextHeaderScroll(top, 140, 141, false);
    expect(dark).toEqual({ dark: true, hidden: false });
    expect(nextHeaderScroll(dark, 141, 100, false)).toEqual({ dark: false, hidden: false });
  });

  it('hides on a downward scroll past 250 px only in landscape on small screens, and comes back going up', () => {
    const s = { dark: true, hidden: false };
    expect(nextHeaderScroll(s, 240, 260, false).hidden).toBe(false);
    expect(nextHeaderScroll(s, 200, 250, true).hidden).toBe(false);
    const hidden = nextHeaderScroll(s, 251, 300, true);
    expect(hidden.hidden).toBe(true);
    expect(nextHeaderScroll(hidden, 300, 300, true).hidden).toBe(true);
    expect(nextHeaderScroll(hidden, 300, 290, true).hidden).toBe(false);
    expect(nextHeaderScroll(hidden, 300, 100, true)).toEqual({ dark: false, hidden: false });
  });

  it('keeps the same object when nothing changes (no re-render)', () => {
    const s = { dark: true, hidden: false };
    expect(nextHeaderScroll(s, 500, 510, false)).toBe(s);
  });
});
