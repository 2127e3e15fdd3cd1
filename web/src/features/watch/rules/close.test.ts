import { describe, expect, it } from 'vitest';
import { closeTarget } from './close';

const film = { id: 7, slug: 'matrica-7' };
const series = { id: 5, slug: 'severnyy-veter-5' };
const episode = { id: 23, slug: 'seriya-23' };

describe('closing the player', () => {
  it('goes back to the content page it was opened from', () => {
    expect(closeTarget({ content: film, root: film, from: '/contents/matrica-7', inAppHistory: true })).toEqual({ kind: 'back' });
    // An episode started on its series' page, with or without a season or episode chosen.
    expect(closeTarget({ content: episode, root: series, from: '/contents/severnyy-veter-5', inAppHistory: true })).toEqual({ kind: 'back' });
    expect(closeTarget({ content: episode, root: series, from: '/contents/severnyy-veter-5/sezon-102?x=1', inAppHistory: true })).toEqual({
      kind: 'back',
    });
    // The page's address may be a bare id.
    expect(closeTarget({ content: film, root: film, from: '/contents/7', inAppHistory: true })).toEqual({ kind: 'back' });
  });

  it("opens the content's page when the player was opened directly", () => {
    expect(closeTarget({ content: film, root: film, from: undefined, inAppHistory: false })).toEqual({ kind: 'page', path: '/contents/matrica-7' });
    // A state left over without in-app history is not trusted.
    expect(closeTarget({ content: film, root: film, from: '/contents/matrica-7', inAppHistory: false })).toEqual({
      kind: 'page',
      path: '/contents/matrica-7',
    });
  });

  it("opens the content's page when the player was opened from elsewhere", () => {
    expect(closeTarget({ content: film, root: film, from: '/', inAppHistory: true })).toEqual({ kind: 'page', path: '/contents/matrica-7' });
    expect(closeTarget({ content: film, root: film, from: '/search?q=matrix', inAppHistory: true })).toEqual({ kind: 'page', path: '/contents/matrica-7' });
    // Another content's page (a similar film) is not this one's.
    expect(closeTarget({ content: film, root: film, from: '/contents/drugoy-8', inAppHistory: true })).toEqual({ kind: 'page', path: '/contents/matrica-7' });
    expect(closeTarget({ content: film, root: film, from: '/persons/anna-1', inAppHistory: true })).toEqual({ kind: 'page', path: '/contents/matrica-7' });
  });

  it("takes an episode to its series' page with the episode chosen", () => {
    expect(closeTarget({ content: episode, root: series, from: '/', inAppHistory: true })).toEqual({
      kind: 'page',
      path: '/contents/severnyy-veter-5/seriya-23',
    });
    // The series not known yet: the episode's own address, which the content page moves to its series'.
    expect(closeTarget({ content: episode, root: null, from: undefined, inAppHistory: false })).toEqual({ kind: 'page', path: '/contents/seriya-23' });
  });
});
