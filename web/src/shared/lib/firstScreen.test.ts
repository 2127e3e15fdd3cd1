import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { hasFirstScreen, releaseFirstScreen, useFirstScreenRelease, whenFirstScreenPainted } from './firstScreen';

// The server's first screen (#first-screen before #root) and the app's hand-over.

function drawFirstScreen(images = 2) {
  const el = document.createElement('div');
  el.id = 'first-screen';
  el.innerHTML = `<a href="/contents/x">x</a>${'<img src="/p.jpg" alt="">'.repeat(images)}`;
  document.body.prepend(el);
  const main = document.createElement('main');
  main.id = 'main';
  main.tabIndex = -1;
  document.body.append(main);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('first screen', () => {
  it('is released when the page is drawn, and only then', () => {
    drawFirstScreen();
    const { rerender } = renderHook(({ drawn }) => useFirstScreenRelease(drawn, window.location.pathname), { initialProps: { drawn: false } });
    expect(hasFirstScreen()).toBe(true);
    rerender({ drawn: true });
    expect(hasFirstScreen()).toBe(false);
  });

  it('gives way at once to another path than the one loaded', () => {
    drawFirstScreen();
    renderHook(() => useFirstScreenRelease(false, '/channels'));
    expect(hasFirstScreen()).toBe(false);
  });

  it('hands focus inside it over to the main area', () => {
    const el = drawFirstScreen();
    el.querySelector('a')!.focus();
    releaseFirstScreen();
    expect(document.activeElement?.id).toBe('main');
  });

  it('lets the app start at once when there is none', async () => {
    await expect(whenFirstScreenPainted()).resolves.toBeUndefined();
  });

  it('holds the app until its pictures are in (or the wait runs out)', async () => {
    vi.useFakeTimers();
    const el = drawFirstScreen(2);
    let started = false;
    void whenFirstScreenPainted().then(() => (started = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(false);
    for (const img of el.querySelectorAll('img')) img.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toBe(true);

    document.body.innerHTML = '';
    drawFirstScreen(1);
    let late = false;
    void whenFirstScreenPainted().then(() => (late = true));
    await vi.advanceTimersByTimeAsync(700);
    expect(late).toBe(true);
  });
});
