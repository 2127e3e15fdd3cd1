import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startActivePolling } from './activePolling';
import { ACTIVE_WINDOW_MS, ACTIVITY_EVENTS, createActivityTracker, isActiveAt, type ActivitySource } from './activity';
import { KEEP_ALIVE_MS, startKeepAlive } from './keepAlive';
import { MESSAGES_REFRESH_MS } from './api';

const MIN = 60_000;

/** An activity source the test drives: last action, visibility, change reports. */
function fakeActivity() {
  let last = Date.now();
  let visible = true;
  const listeners = new Set<() => void>();
  const source: ActivitySource = {
    lastAction: () => last,
    isVisible: () => visible,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return {
    source,
    act() {
      const wasActive = isActiveAt(last, Date.now());
      last = Date.now();
      if (!wasActive) listeners.forEach((l) => l());
    },
    setVisible(v: boolean) {
      visible = v;
      if (v) last = Date.now();
      listeners.forEach((l) => l());
    },
    listenerCount: () => listeners.size,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-10T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('activity window', () => {
  it('is active for less than 30 minutes after the last action', () => {
    expect(ACTIVE_WINDOW_MS).toBe(30 * MIN);
    expect(isActiveAt(0, 30 * MIN - 1)).toBe(true);
    expect(isActiveAt(0, 30 * MIN)).toBe(false);
  });

  it('tracks actions with passive listeners and reports a return after inactivity', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const tracker = createActivityTracker(window);
    const stop = tracker.start();
    for (const type of ACTIVITY_EVENTS) {
      expect(add).toHaveBeenCalledWith(type, expect.any(Function), expect.objectContaining({ passive: true }));
    }
    const changed = vi.fn();
    tracker.subscribe(changed);

    vi.advanceTimersByTime(10 * MIN);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(tracker.lastAction()).toBe(Date.now());
    expect(changed).not.toHaveBeenCalled(); // still active: nothing to report

    vi.advanceTimersByTime(31 * MIN);
    window.dispatchEvent(new Event('pointerdown'));
    expect(changed).toHaveBeenCalledTimes(1);

    stop();
    vi.advanceTimersByTime(40 * MIN);
    const before = tracker.lastAction();
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(tracker.lastAction()).toBe(before); // detached
    add.mockRestore();
  });
});

describe('active polling schedule', () => {
  it('runs every interval while active', () => {
    const a = fakeActivity();
    const task = vi.fn();
    const stop = startActivePolling({ intervalMs: MESSAGES_REFRESH_MS, task, activity: a.source });
    expect(MESSAGES_REFRESH_MS).toBe(150_000);
    vi.advanceTimersByTime(149_999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    a.act();
    vi.advanceTimersByTime(150_000);
    expect(task).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(10 * 150_000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(a.listenerCount()).toBe(0);
  });

  it('stops after 30 minutes without an action and resumes on the next action', () => {
    const a = fakeActivity();
    const task = vi.fn();
    startActivePolling({ intervalMs: MESSAGES_REFRESH_MS, task, activity: a.source });
    vi.advanceTimersByTime(30 * MIN); // ticks at 2.5, 5, ... 27.5 min run; the one at 30 min finds the viewer inactive
    expect(task).toHaveBeenCalledTimes(11);
    vi.advanceTimersByTime(60 * MIN);
    expect(task).toHaveBeenCalledTimes(11);
    a.act(); // more than a whole interval since the last run: refresh at once
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(12);
    vi.advanceTimersByTime(150_000);
    expect(task).toHaveBeenCalledTimes(13);
  });

  it('stops while the tab is hidden and catches up when it is shown', () => {
    const a = fakeActivity();
    const task = vi.fn();
    startActivePolling({ intervalMs: MESSAGES_REFRESH_MS, task, activity: a.source });
    vi.advanceTimersByTime(60_000);
    a.setVisible(false);
    vi.advanceTimersByTime(10 * MIN);
    expect(task).not.toHaveBeenCalled();
    a.setVisible(true);
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for the rest of the interval when shown again early', () => {
    const a = fakeActivity();
    const task = vi.fn();
    startActivePolling({ intervalMs: MESSAGES_REFRESH_MS, task, activity: a.source });
    vi.advanceTimersByTime(60_000);
    a.setVisible(false);
    vi.advanceTimersByTime(30_000);
    a.setVisible(true); // 90 s since the start: 60 s to go
    vi.advanceTimersByTime(59_999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('keep-alive', () => {
  it('pings every 5 minutes while active', async () => {
    const a = fakeActivity();
    const ping = vi.fn(() => Promise.resolve());
    startKeepAlive({ ping, activity: a.source });
    expect(KEEP_ALIVE_MS).toBe(5 * MIN);
    vi.advanceTimersByTime(5 * MIN - 1);
    expect(ping).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ping).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('does not ping an inactive viewer or a hidden tab', async () => {
    const a = fakeActivity();
    const ping = vi.fn(() => Promise.resolve());
    startKeepAlive({ ping, activity: a.source });
    a.setVisible(false);
    vi.advanceTimersByTime(20 * MIN);
    expect(ping).not.toHaveBeenCalled();
    a.setVisible(true);
    vi.advanceTimersByTime(0);
    expect(ping).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * MIN);
    // pings at 5..30 min after the return, then the viewer is idle
    expect(ping).toHaveBeenCalledTimes(6);
  });

  it('survives a failing ping and never overlaps calls', async () => {
    const a = fakeActivity();
    let release: () => void = () => undefined;
    const ping = vi
      .fn<() => Promise<unknown>>()
      .mockImplementationOnce(() => Promise.reject(new Error('401')))
      .mockImplementation(() => new Promise<void>((r) => (release = r)));
    startKeepAlive({ ping, activity: a.source });
    await vi.advanceTimersByTimeAsync(5 * MIN);
    a.act();
    await vi.advanceTimersByTimeAsync(5 * MIN);
    a.act();
    await vi.advanceTimersByTimeAsync(5 * MIN); // the second call is still running
    expect(ping).toHaveBeenCalledTimes(2);
    release();
    a.act();
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(ping).toHaveBeenCalledTimes(3);
  });
});
