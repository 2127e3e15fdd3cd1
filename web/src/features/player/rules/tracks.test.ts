import { describe, expect, it } from 'vitest';
import { chooseAudio, chooseSubtitles, dedupeByName, qualityOptions } from './tracks';

describe('quality menu', () => {
  it('keeps heights up to 1080, the 4 highest, one per height', () => {
    const levels = [240, 360, 480, 720, 720, 1080, 2160].map((height, index) => ({ index, height, bitrate: index * 1000 }));
    expect(qualityOptions(levels)).toEqual([
      { level: 5, height: 1080 },
      { level: 4, height: 720 },
      { level: 2, height: 480 },
      { level: 1, height: 360 },
    ]);
  });

  it('drops audio-only levels', () => {
    expect(qualityOptions([{ index: 0, height: 0, bitrate: 64_000 }])).toEqual([]);
  });
});

const audio = [
  { id: 0, name: 'Русский', lang: 'ru', isDefault: true },
  { id: 1, name: 'English', lang: 'en' },
  { id: 2, name: 'English', lang: 'en' },
  { id: 3, name: 'Deutsch', lang: 'de-DE' },
];

describe('audio and subtitle tracks', () => {
  it('deduplicates audio tracks by name', () => {
    expect(dedupeByName(audio).map((t) => t.id)).toEqual([0, 1, 3]);
  });

  it('plays the remembered audio first, then the settings order, then the default', () => {
    expect(chooseAudio(audio, 'en', ['de'])).toBe(1);
    expect(chooseAudio(audio, null, ['kk', 'de'])).toBe(3);
    expect(chooseAudio(audio, null, [])).toBe(0);
    expect(chooseAudio(audio, 'fr', [])).toBe(0);
    expect(chooseAudio([], null, ['ru'])).toBe(-1);
  });

  it('shows subtitles only when remembered or in the settings languages', () => {
    const subs = [
      { id: 0, name: 'Русский', lang: 'ru' },
      { id: 1, name: 'English', lang: 'en' },
    ];
    expect(chooseSubtitles(subs, null, [])).toBe(-1);
    expect(chooseSubtitles(subs, null, ['en'])).toBe(1);
    expect(chooseSubtitles(subs, 'off', ['en'])).toBe(-1);
    expect(chooseSubtitles(subs, 'ru', ['en'])).toBe(0);
  });
});
