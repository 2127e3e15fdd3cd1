import { rowTiles } from './rowTiles';
import { RowTrack, type TrackShape } from './RowTrack';
import { OpenAllTile } from './tiles/OpenAllTile';
import type { Row } from './types';

/**
 * The track of the templates the home chunk leaves out (channels, persons and the
 * promotion tiles): loaded when such a row first shows.
 */
interface Props {
  row: Row;
  shape: TrackShape;
  eager?: boolean;
  /** The open-all tile (the channel template past 6 items). */
  openAll?: { to: string; count: number };
}

export default function ExtraTrack({ row, shape, eager, openAll }: Props) {
  const tiles = rowTiles(row, eager);
  if (openAll) tiles.push(<OpenAllTile key="open-all" to={openAll.to} title={row.title} count={openAll.count} />);
  if (row.template === 'channels' && tiles.length > 0) tiles.push(<OpenAllTile key="open-all" to="/channels" title={row.title} />);
  return (
    <RowTrack label={row.title} shape={shape}>
      {tiles}
    </RowTrack>
  );
}
