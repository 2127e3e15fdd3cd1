import { describe, expect, it } from 'vitest';
import type { Destination } from '../types';
import { destinationTarget } from './destination';

const ott = { providerIsOtt: true };
const d = (x: Partial<Destination> & Pick<Destination, 'type'>): Destination => x as Destination;

describe('tile destinations (spec 2 "Row and tile templates")', () => {
  it('open_url opens a new window', () => {
    expect(destinationTarget(d({ type: 'open_url', src: 'https://example.org/help' }), ott)).toEqual({ kind: 'external', href: 'https://example.org/help' });
    expect(destinationTarget(d({ type: 'open_url' }), ott)).toEqual({ kind: 'none' });
  });

  it('enter_promo_key opens the promo-code modal', () => {
    expect(destinationTarget(d({ type: 'enter_promo_key' }), ott)).toEqual({ kind: 'modal', name: 'promocode' });
  });

  it('content opens /contents/{slug or id} over the page, with library_id when given', () => {
    expect(destinationTarget(d({ type: 'content', id: 7, slug: 'matrica-snov-7', libraryId: 2 }), ott)).toEqual({
      kind: 'link',
      to: '/contents/matrica-snov-7?library_id=2',
      modalPage: true,
    });
    expect(destinationTarget(d({ type: 'content', id: 7 }), ott)).toEqual({ kind: 'link', to: '/contents/7', modalPage: true });
  });

  it('row opens /row/{slug or id}', () => {
    expect(destinationTarget(d({ type: 'row', id: 3, slug: 'comedy' }), ott)).toEqual({ kind: 'link', to: '/row/comedy' });
    expect(destinationTarget(d({ type: 'row', id: 3 }), ott)).toEqual({ kind: 'link', to: '/row/3' });
  });

  it('packet opens /packets/{id}; the non-OTT id when the provider is not OTT and one exists', () => {
    expect(destinationTarget(d({ type: 'packet', id: 5, id_no_ott: 55 }), ott)).toEqual({ kind: 'link', to: '/packets/5' });
    expect(destinationTarget(d({ type: 'packet', id: 5, id_no_ott: 55 }), { providerIsOtt: false })).toEqual({ kind: 'link', to: '/packets/55' });
    expect(destinationTarget(d({ type: 'packet', id: 5, id_no_ott: null }), { providerIsOtt: false })).toEqual({ kind: 'link', to: '/packets/5' });
  });

  it('rowset opens /{slug}, or /rowset/{id} without a slug', () => {
    expect(destinationTarget(d({ type: 'rowset', id: 4, slug: 'kids' }), ott)).toEqual({ kind: 'link', to: '/kids' });
    expect(destinationTarget(d({ type: 'rowset', id: 4 }), ott)).toEqual({ kind: 'link', to: '/rowset/4' });
  });

  it('channel opens the channel viewer; last_channel the channel list', () => {
    expect(destinationTarget(d({ type: 'channel', id: 9, slug: 'efir-1' }), ott)).toEqual({ kind: 'link', to: '/channels/32/efir-1', modalPage: true });
    expect(destinationTarget(d({ type: 'last_channel' }), ott)).toEqual({ kind: 'link', to: '/channels' });
  });

  it('text opens the message modal with the title and description', () => {
    expect(destinationTarget(d({ type: 'text', title: 'On TV', description: 'Install the app.' }), ott)).toEqual({
      kind: 'modal',
      name: 'message',
      data: { title: 'On TV', text: 'Install the app.' },
    });
  });

  it('a missing or unknown destination opens nothing', () => {
    expect(destinationTarget(null, ott)).toEqual({ kind: 'none' });
    expect(destinationTarget(d({ type: 'weird' as Destination['type'] }), ott)).toEqual({ kind: 'none' });
  });
});
