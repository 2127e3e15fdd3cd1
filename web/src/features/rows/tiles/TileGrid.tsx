import { Children, isValidElement, type ReactNode } from 'react';
import styles from './Tiles.module.css';

export type GridShape = 'poster' | 'cover' | 'person' | 'channel' | 'wide' | 'button';

interface Props {
  /** Tiles (ContentTile, PersonTile, ...); each is put in a list item. */
  children: ReactNode;
  /** The column width follows the tile shape. */
  shape?: GridShape;
  /** Names the list for screen readers when no heading does. */
  label?: string;
  labelledBy?: string;
}

/** A responsive grid of tiles (search results, /my, similar, person sections, row pages). */
export function TileGrid({ children, shape = 'poster', label, labelledBy }: Props) {
  return (
    <ul className={`${styles.grid} ${styles[`grid_${shape}`]}`} aria-label={label} aria-labelledby={labelledBy}>
      {Children.map(children, (child) =>
        isValidElement(child) ? <li key={child.key ?? undefined}>{child}</li> : null,
      )}
    </ul>
  );
}
