import type { ReactNode } from 'react';
import { ContentTile } from './tiles/ContentTile';
import { HistoryTile } from './tiles/HistoryTile';
import type { Row } from './types';

/** Content and history rows: the tiles the home view draws without another chunk. */
export function coreTiles(row: Row, eager = false): ReactNode[] {
  const lib = row.library_id;
  if (row.template === 'history-h' || row.template === 'history') {
    return (row.histories ?? []).map((h, i) => (
      <HistoryTile key={h.content_episode?.id ?? h.content.id} item={h} shape={row.template === 'history-h' ? 'cover' : 'poster'} eager={eager && i < 8} />
    ));
  }
  return (row.contents ?? []).map((c, i) => (
    <ContentTile key={c.id} content={c} shape={row.template === 'content-h' ? 'cover' : 'poster'} libraryId={lib} eager={eager && i < 8} />
  ));
}
