// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { historyMark } from './history';
import { chooseNext } from './nextEpisode';
import { resumeFrom } from './resume';

describe('resume', () => {
  it('resumes from 10 s up to 12600 s when not watched to the end', () => {
    expect(resumeFrom(null)).toBeNull();
    expect(resumeFrom({ seconds: 9, watch_percentage: 1 })).toBeNull();
    expect(resumeFrom({ seconds: 10, watch_percentage: 1 })).toBe(10);
    expect(resumeFrom({ seconds: 754.6, watch_percentage: 40 })).toBe(754);
    expect(resumeFrom({ seconds: 12_600, watch_percentage: 99 })).toBe(12_600);
    expect(resumeFrom({ seconds: 12_601, watch_percentage: 50 })).toBeNull();
    expect(resumeFrom({ seconds: 3000, watch_percentage: 100 })).toBeNull();
  });
});

describe('next episode', () => {
  const ep = (id: number, announcement = false) => ({ id, content_type: 'episode', is_announcement: announcement });
  const list = [ep(1), ep(2), ep(3, true), ep(4)];

  it('takes the one after, skipping announcements', () => {
    expect(chooseNext(ep(1), list)?.id).toBe(2);
    expect(chooseNext(ep(2), list)?.id).toBe(4);
    expect(chooseNext(ep(4), list)).toBeNull();
  });

  it("falls back to the episode's next_to_play without the list", () => {
    expect(chooseNext(ep(1), undefined, ep(2))?.id).toBe(2);
    expect(chooseNext(ep(1), [], ep(1))).toBeNull();
    expect(chooseNext(ep(1), undefined, ep(2, true))).toBeNull();
  });

  it('has none for films and trailers', () => {
    expect(chooseNext({ id: 1, content_type: 'movie', is_announcement: false }, list, ep(2))).toBeNull();
  });
});

describe('history mark', () => {
  it('saves whole seconds and the known duration', () => {
    expect(historyMark(61.8, 1500.4)).toEqual({ seconds: 61, duration: 1500 });
    expect(historyMark(5, Number.NaN)).toEqual({ seconds: 5, duration: 0 });
    expect(historyMark(Number.NaN, 10)).toBeNull();
  });
});
