import { describe, expect, it } from 'vitest';
import { clock, dateFormat, template } from './format';

describe('guide formatting', () => {
  it('writes clock times as HH:MM', () => {
    const t = Math.floor(new Date(2026, 10, 22, 7, 5).getTime() / 1000);
    expect(clock(t)).toBe('07:05');
    expect(clock(t + 13 * 3600 + 55 * 60)).toBe('21:00');
  });

  it('fills a translated template without running the translator again', () => {
    let calls = 0;
    const fill = template((s) => {
      calls++;
      return `${s.title}, ${s.time}, ${s.channel}`;
    }, ['title', 'time', 'channel']);
    expect(fill({ title: 'News $1', time: '20:00–21:00', channel: 'Efir' })).toBe('News $1, 20:00–21:00, Efir');
    expect(fill({ title: 'B', time: 'T', channel: 'C' })).toBe('B, T, C');
    expect(calls).toBe(1);
  });

  it('keeps one formatter per language and options', () => {
    expect(dateFormat('en', { weekday: 'short' })).toBe(dateFormat('en', { weekday: 'short' }));
    expect(dateFormat('en', { weekday: 'short' })).not.toBe(dateFormat('ru', { weekday: 'short' }));
  });
});
