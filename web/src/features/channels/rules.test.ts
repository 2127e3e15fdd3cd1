import { describe, expect, it } from 'vitest';
import { effectiveTs, isAdultChannel, neighbour, parseTs, previewAllowed } from './access';
import { channelsInCategories, initialSelection, toggleCategory, visibleCategories } from './categories';
import { parseLastChannels, pushLastChannel } from './lastChannels';
import { decideScheduleClick, groupSchedule, localDate } from './schedule';
import { matchesSearch, searchVariants } from './search';
import type { Category, Channel, ScheduleEntry } from './types';

const cat = (id: number, channels: number[], extra: Partial<Category> = {}): Category => ({
  id,
  slug: `c${id}`,
  name: `Cat ${id}`,
  short: '',
  sort: 0,
  channels,
  tags: { all_channels: false, startup: false, is_adult: false },
  ...extra,
});

const ch = (id: number, extra: Partial<Channel> = {}): Channel =>
  ({
  id,
  name: `Channel ${id}`,
  slug: `ch${id}`,
  number: id,
  age: 0,
  is_available: true,
  is_free: false,
  is_hidden: false,
  is_purchased: true,
  current_schedule: null,
  ...extra,
}) as Channel;

describe('category multi-select', () => {
  it('all-channels clears the others', () => {
    expect(toggleCategory([5, 7], 32)).toEqual([32]);
  });
  it('another category removes all-channels', () => {
    expect(toggleCategory([32], 5)).toEqual([5]);
    expect(toggleCategory([5], 7)).toEqual([5, 7]);
  });
  it('deselecting the last falls back to all-channels', () => {
    expect(toggleCategory([5], 5)).toEqual([32]);
    expect(toggleCategory([5, 7], 5)).toEqual([7]);
  });
});

describe('visible categories', () => {
  const cats = [cat(32, [], { tags: { all_channels: true, startup: false, is_adult: false } }), cat(26, [1]), cat(5, [1]), cat(22, [2])];
  const base = { isChild: false, favoriteChannelIds: [] as number[], favoritesName: 'Fav' };
  it('never offers 26 and shows favourites only while one exists', () => {
    expect(visibleCategories(cats, base).map((c) => c.id)).toEqual([32, 5, 22]);
    const withFav = visibleCategories(cats, { ...base, favoriteChannelIds: [2] });
    expect(withFav.map((c) => c.id)).toEqual([32, 1000, 5, 22]);
    expect(withFav[1]!.channels).toEqual([2]);
  });
  it('a child sees the children category only', () => {
    expect(visibleCategories(cats, { ...base, isChild: true }).map((c) => c.id)).toEqual([22]);
  });
  it('initial selection: child 22, missing category flagged, emptied favourites fall back to 17', () => {
    const all = [...cats, cat(17, [])];
    expect(initialSelection(all, 'c5', true)).toEqual({ selected: [22], missing: false });
    expect(initialSelection(all, undefined, false)).toEqual({ selected: [32], missing: false });
    expect(initialSelection(all, 'c5,22', false)).toEqual({ selected: [5, 22], missing: false });
    expect(initialSelection(all, 'nope', false)).toEqual({ selected: [32], missing: true });
    expect(initialSelection(all, '1000', false)).toEqual({ selected: [17], missing: false });
  });
  it('channels of the selection in line-up order, hidden ones left out', () => {
    const list = [ch(3), ch(1), ch(2, { is_hidden: true })];
    expect(channelsInCategories(list, cats, [32]).map((c) => c.id)).toEqual([1, 3]);
    expect(channelsInCategories(list, [cat(5, [3])], [5]).map((c) => c.id)).toEqual([3]);
  });
});

describe('search with layout transliteration', () => {
  it('is case-insensitive', () => {
    expect(matchesSearch('Первый канал', 'ПЕРВ')).toBe(true);
    expect(matchesSearch('Sport HD', 'sport')).toBe(true);
  });
  it('finds Russian names typed on the English layout and back', () => {
    expect(matchesSearch('Первый', 'gthdsq')).toBe(true);
    expect(matchesSearch('Efir News', 'тУцы')).toBe(true);
    expect(searchVariants(' Gthd ')).toContain('перв');
  });
  it('does not match unrelated names', () => {
    expect(matchesSearch('Первый', 'ythdsq')).toBe(false);
    expect(matchesSearch('Music', 'sport')).toBe(false);
  });
});

const entry = (id: number, start: Date, minutes: number, extra: Partial<ScheduleEntry> = {}): ScheduleEntry =>
  ({
  id,
  timestamp: Math.floor(start.getTime() / 1000),
  duration: minutes * 60,
  channel_id: 1,
  program: null,
  is_catchup_available: true,
  title: `P${id}`,
  ...extra,
}) as ScheduleEntry;

describe('schedule grouping', () => {
  it('groups by local date and carries programmes before 02:00 into the previous day too', () => {
    const list = [
      entry(1, new Date(2026, 10, 20, 22, 0), 60),
      entry(2, new Date(2026, 10, 21, 1, 30), 60),
      entry(3, new Date(2026, 10, 21, 2, 0), 60),
      entry(4, new Date(2026, 10, 20, 23, 0), 60),
    ];
    const days = groupSchedule(list);
    expect(days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-21']);
    expect(days[0]!.items.map((e) => e.id)).toEqual([1, 4, 2]);
    expect(days[1]!.items.map((e) => e.id)).toEqual([2, 3]);
  });
  it('does not invent a previous day that has no programmes', () => {
    const days = groupSchedule([entry(1, new Date(2026, 10, 21, 0, 30), 30)]);
    expect(days.map((d) => d.date)).toEqual([localDate(days[0]!.items[0]!.timestamp)]);
  });
});

describe('schedule click', () => {
  const now = Math.floor(new Date(2026, 10, 21, 12, 0).getTime() / 1000);
  it('future start is refused', () => {
    expect(decideScheduleClick(entry(1, new Date(2026, 10, 21, 13, 0), 30), now)).toEqual({
      action: 'alert',
      key: 'error_schedule_from_future',
    });
  });
  it('on air plays live', () => {
    expect(decideScheduleClick(entry(1, new Date(2026, 10, 21, 11, 30), 60), now)).toEqual({ action: 'live' });
  });
  it('past without catch-up is banned, with catch-up plays from its start', () => {
    const past = entry(1, new Date(2026, 10, 20, 10, 0), 60);
    expect(decideScheduleClick({ ...past, is_catchup_available: false }, now)).toEqual({
      action: 'alert',
      key: 'error_schedule_copyright_banned',
    });
    expect(decideScheduleClick(past, now)).toEqual({ action: 'archive', ts: past.timestamp });
  });
  it("past on a channel not purchased asks to subscribe, or to sign in first (guests cannot buy archive)", () => {
    const past = entry(1, new Date(2026, 10, 20, 10, 0), 60);
    expect(decideScheduleClick(past, now, { purchased: false, isLogged: true })).toEqual({ action: 'subscribe', signIn: false, ts: past.timestamp });
    expect(decideScheduleClick(past, now, { purchased: false, isLogged: false })).toEqual({ action: 'subscribe', signIn: true, ts: past.timestamp });
    expect(decideScheduleClick(past, now, { purchased: true, isLogged: true })).toEqual({ action: 'archive', ts: past.timestamp });
    // Live stays live: the not-purchased panel explains that one.
    expect(decideScheduleClick(entry(2, new Date(2026, 10, 21, 11, 30), 60), now, { purchased: false, isLogged: true })).toEqual({ action: 'live' });
  });
  it('an announcement warns', () => {
    const a = entry(1, new Date(2026, 10, 22, 10, 0), 60, { is_announcement: true });
    expect(decideScheduleClick(a, now)).toEqual({ action: 'alert', key: 'warning_episode_is_announcement' });
  });
});

describe('adult check and ts', () => {
  const ctx = { adultCategories: new Set([9]), isChild: false };
  it('age 18+, adult category, child over 12 and unknown age are adult', () => {
    expect(isAdultChannel(ch(1, { age: 18 }), ctx)).toBe(true);
    expect(isAdultChannel(ch(1, { age: 0, categories: [9] }), ctx)).toBe(true);
    expect(isAdultChannel(ch(1, { age: 16 }), { ...ctx, isChild: true })).toBe(true);
    expect(isAdultChannel(ch(1, { age: null as unknown as number }), ctx)).toBe(true);
    expect(isAdultChannel(ch(1, { age: 16 }), ctx)).toBe(false);
    expect(isAdultChannel(ch(1, { age: 12 }), { ...ctx, isChild: true })).toBe(false);
    expect(isAdultChannel(ch(1, { age: 0 }), { ...ctx, programmeControl: true, programmeAge: 18 })).toBe(true);
  });
  it('previews only for purchased non-adult channels', () => {
    expect(previewAllowed(ch(1), false)).toBe(true);
    expect(previewAllowed(ch(1), true)).toBe(false);
    expect(previewAllowed(ch(1, { is_purchased: false }), false)).toBe(false);
  });
  it('ts is honoured only when at least 30 s old', () => {
    expect(effectiveTs(1000, 1029)).toBeNull();
    expect(effectiveTs(1000, 1030)).toBe(1000);
    expect(effectiveTs(null, 1030)).toBeNull();
    expect(parseTs('1700000000000')).toBe(1700000000);
    expect(parseTs('abc')).toBeNull();
  });
  it('zapping wraps round the line-up', () => {
    const list = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(neighbour(list, 3, 1)?.id).toBe(1);
    expect(neighbour(list, 1, -1)?.id).toBe(3);
    expect(neighbour(list, 2, 1)?.id).toBe(3);
  });
});

describe('last-watched channels', () => {
  it('keeps the newest first, no duplicates, at most 10', () => {
    expect(pushLastChannel(null, 5)).toBe('5');
    expect(pushLastChannel('1 2 5', 5)).toBe('5 1 2');
    const full = Array.from({ length: 10 }, (_, i) => i + 1).join(' ');
    expect(pushLastChannel(full, 42).split(' ')).toHaveLength(10);
    expect(pushLastChannel(full, 42).startsWith('42 1 ')).toBe(true);
    expect(parseLastChannels('3 x 4')).toEqual([3, 4]);
  });
});
