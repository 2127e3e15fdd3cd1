import { lazy } from 'react';

// Rows area (spec 2 "Row and tile templates", routes /, /rowset, /{slug}, /catalog, /row):
// tiles of every template, rows, the promo slider, rowset pages and the catalogue calls
// other areas reuse. The home view imports this index eagerly: the screens below are
// lazy so their code stays out of the first chunk.
export { ContentTile } from './tiles/ContentTile';
export type { ContentTileProps } from './tiles/ContentTile';
export { PersonTile, personPath } from './tiles/PersonTile';
export { TileGrid } from './tiles/TileGrid';
export type { GridShape } from './tiles/TileGrid';
export { TileImage } from './tiles/TileImage';
export { contentImage, contentRating, contentTilePath, formatRating, ratingColor, RATING_GOOD_FROM } from './rules/content';
export type { TileShape } from './rules/content';
export { destinationTarget, contentPath, channelPath, rowPath, rowsetPath } from './rules/destination';
export type { TileTarget, DestinationContext } from './rules/destination';
export { rowPageSize, showsOpenAll } from './rules/sizes';
export { menuPagePath, isExternalUrl, visibleMenuPages, catalogSubPages, findCatalogPage, CHILD_HIDDEN_MENU_ID } from './rules/menu';
export type { MenuViewer } from './rules/menu';
export { useRowset, useRow, useMenuPages, rowKeys, rowsetQuery } from './queries';
export { fetchRow, fetchRowset } from './api';
export type { RowParams } from './api';
export { RowsetView } from './RowsetView';
export { RowsetHead } from './RowsetHead';
export { RowsetSkeleton } from './RowsetSkeleton';
export { PromoSlider } from './PromoSlider';
export { prefetchFirstVisit } from './early';

// Screens: lazy, so the route table can use them as they are and the home chunk stays lean.
export const RowPage = lazy(() => import('./RowPage'));
export const RowsetPage = lazy(() => import('./RowsetPage'));
/** A row's whole list as a grid with infinite scroll (the filter pages). */
export const RowList = lazy(() => import('./RowList'));
export type { RowListProps } from './RowList';
export type * from './types';
// A whole row and its data, for pages that show fixed rows of their own (/newyear).
export { RowBlock } from './RowBlock';
export { RowSkeleton } from './RowSkeleton';
export { rowQuery } from './queries';
