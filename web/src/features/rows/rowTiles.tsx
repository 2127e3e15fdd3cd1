import type { ReactNode } from 'react';
import { ChannelTile } from './tiles/ChannelTile';
import { coreTiles } from './coreTiles';
import { PersonTile } from './tiles/PersonTile';
import { PromoTile } from './tiles/PromoTile';
import type { Row } from './types';

/**
 * The tiles of a row as elements, by its template (spec 2: content types to item lists).
 * Not part of the home chunk: the home view renders content and history rows itself
 * (coreTiles) and loads the other templates' tiles with this module.
 */
export function rowTiles(row: Row, eager = false): ReactNode[] {
  switch (row.template) {
    case 'channel':
    case 'channels':
      return (row.channels ?? []).map((c) => <ChannelTile key={c.id} channel={c} compact={row.template === 'channels'} />);
    case 'person':
      return (row.persons ?? []).map((p, i) => <PersonTile key={p.id} person={p} eager={eager && i < 8} />);
    case 'content-v':
    case 'content-h':
    case 'history-h':
    case 'history':
      return coreTiles(row, eager);
    default:
      return (row.promotions ?? []).map((p, i) => <PromoTile key={p.id} promo={p} template={row.template} eager={eager && i < 4} />);
  }
}
