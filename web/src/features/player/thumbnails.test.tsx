import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScrubBar } from './ScrubBar';
import { cueAt, hoverBoxWidth, parseThumbnailIndex, previewsFor } from './thumbnails';

// Trick-play thumbnails: the index the origin writes, the cue of a moment, the spec's box
// sizes and the 20 s rule, and the scrub bar's hover box.

const index = `WEBVTT

00:00:00.000 --> 00:00:10.000
thumbs.jpg#xywh=0,0,196,110

00:00:10.000 --> 00:00:20.000
thumbs.jpg#xywh=196,0,196,110

not a cue
00:00:20.000 --> 00:00:25.500
thumbs.jpg#xywh=392,110,196,110
`;

describe('thumbnails', () => {
  const cues = parseThumbnailIndex(index, 'https://tv.example/media/tok/thumbs.vtt');

  it('reads the cues, resolving the sheet beside the index', () => {
    expect(cues).toHaveLength(3);
    expect(cues[0]).toEqual({ start: 0, end: 10, src: 'https://tv.example/media/tok/thumbs.jpg', x: 0, y: 0, w: 196, h: 110 });
    expect(cues[2]).toMatchObject({ start: 20, end: 25.5, x: 392, y: 110 });
  });

  it('finds the cue of a moment', () => {
    expect(cueAt(cues, 0)?.x).toBe(0);
    expect(cueAt(cues, 9.99)?.x).toBe(0);
    expect(cueAt(cues, 10)?.x).toBe(196);
    expect(cueAt(cues, 25)?.x).toBe(392);
    expect(cueAt(cues, 25.5)).toBeNull();
    expect(cueAt(cues, -1)).toBeNull();
  });

  it('sizes the box as the spec says, and previews only videos over 20 s', () => {
    expect(hoverBoxWidth(true, true)).toBe(147);
    expect(hoverBoxWidth(false, true)).toBe(98);
    expect(hoverBoxWidth(false, false)).toBe(122.5);
    expect(previewsFor(20)).toBe(false);
    expect(previewsFor(21)).toBe(true);
  });

  it('shows the tile under the pointer in the scrub bar, scaled to the box', () => {
    const onWanted = vi.fn();
    const at = vi.fn((v: number) => cueAt(cues, v));
    const { container } = render(
      <ScrubBar start={0} end={60} value={5} limit={60} format={(v) => `${v}s`} onSeek={() => undefined} onDraggingChange={() => undefined} preview={{ at, width: 98, onWanted }} />,
    );
    const bar = container.querySelector('[role="slider"]')!;
    fireEvent.pointerEnter(bar);
    expect(onWanted).toHaveBeenCalled();
    fireEvent.pointerMove(bar, { pointerType: 'mouse', clientX: 0 });
    const box = container.querySelector('[data-scrub-preview]') as HTMLElement;
    expect(box).not.toBeNull();
    expect(box.style.width).toBe('98px');
    const img = box.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://tv.example/media/tok/thumbs.jpg');
    expect(img.style.transform).toBe(`translate(0px, 0px) scale(${98 / 196})`);
    expect(box.textContent).toContain('0s');
    fireEvent.pointerLeave(bar);
    expect(container.querySelector('[data-scrub-preview]')).toBeNull();
  });
});
