import { describe, expect, it } from 'vitest';
import type { Channel } from '@/features/channels';
import { countdown, newYearAfter, pickNewYearChannel } from './rules';

const ch = (id: number, slug: string, more: Partial<Channel> = {}) =>
  ({ id, slug, name: slug, age: 0, is_free: false, is_available: true, is_hidden: false, ...more }) as Channel;

describe('New Year channel', () => {
  it('takes channel 3929, else the event slug, else the first free one', () => {
    const free = ch(5, 'news', { is_free: true });
    const flagship = ch(7, 'efir-1', { is_free: true });
    expect(pickNewYearChannel([free, flagship, ch(3929, 'holiday')], false)?.id).toBe(3929);
    expect(pickNewYearChannel([free, flagship], false)?.id).toBe(7);
    expect(pickNewYearChannel([ch(1, 'paid'), free], false)?.id).toBe(5);
    expect(pickNewYearChannel([ch(1, 'paid')], false)).toBeNull();
  });

  it('never picks a hidden or adult channel, nor one over 12 for a child', () => {
    expect(pickNewYearChannel([ch(3929, 'x', { age: 18 }), ch(2, 'y', { is_free: true })], false)?.id).toBe(2);
    expect(pickNewYearChannel([ch(3929, 'x', { is_hidden: true })], false)).toBeNull();
    expect(pickNewYearChannel([ch(3929, 'x', { age: 16 }), ch(2, 'kids', { is_free: true, age: 6 })], true)?.id).toBe(2);
  });
});

describe('countdown to the end of the year', () => {
  it('counts days, hours, minutes and seconds to midnight of the 1st of January', () => {
    const c = countdown(new Date(2026, 11, 30, 22, 58, 30));
    expect(c).toMatchObject({ days: 1, hours: 1, minutes: 1, seconds: 30, celebrating: false, year: 2027 });
    expect(newYearAfter(new Date(2026, 0, 1, 0, 0, 1)).getFullYear()).toBe(2027);
  });

  it('greets on New Year day and counts to the next one', () => {
    const c = countdown(new Date(2027, 0, 1, 10, 0, 0));
    expect(c.celebrating).toBe(true);
    expect(c.year).toBe(2028);
  });

  it('is one second short of midnight on the last second', () => {
    expect(countdown(new Date(2026, 11, 31, 23, 59, 59))).toMatchObject({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });
});
