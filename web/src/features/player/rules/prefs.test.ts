import { beforeEach, describe, expect, it } from 'vitest';
import { readMuted, readTrackMemory, readVolume, rememberTrack, writeMuted, writeVolume } from './prefs';

describe('stored player choices', () => {
  beforeEach(() => localStorage.clear());

  it('restores volume (default 100 %, old 0..100 values) and muted', () => {
    expect(readVolume()).toBe(1);
    writeVolume(0.35);
    expect(readVolume()).toBe(0.35);
    localStorage.setItem('volume', '40');
    expect(readVolume()).toBe(0.4);
    localStorage.setItem('volume', 'junk');
    expect(readVolume()).toBe(1);
    expect(readMuted()).toBe(false);
    writeMuted(true);
    expect(readMuted()).toBe(true);
  });

  it('remembers audio and subtitles per content', () => {
    rememberTrack('film-1', 'audio', 'en');
    rememberTrack('film-1', 'text', 'off');
    rememberTrack(undefined, 'audio', 'ru');
    expect(readTrackMemory('film-1')).toEqual({ audio: 'en', text: 'off' });
    expect(readTrackMemory('film-2')).toEqual({});
    localStorage.setItem('playerTracks', '[1,2]');
    expect(readTrackMemory('film-1')).toEqual({});
  });

  it('forgets the oldest contents beyond 200', () => {
    for (let i = 0; i < 205; i++) rememberTrack(`c${i}`, 'audio', 'ru');
    expect(readTrackMemory('c0')).toEqual({});
    expect(readTrackMemory('c204')).toEqual({ audio: 'ru' });
  });
});
