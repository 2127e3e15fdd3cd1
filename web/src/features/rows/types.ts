import type { components } from '@/shared/api/schema';

// Wire types of the catalogue calls, generated from api/openapi.yaml (npm run gen:api) and
// named after the spec's entities (Content, Row, Row item, History item, Person, Rowset page).

type S = components['schemas'];

export type Content = S['CatalogContent'];
export type Person = S['CatalogPerson'];
/** A person as a content lists it (with a role). */
export type PersonRef = S['CatalogPersonRef'];
export type Promo = S['CatalogPromo'];
export type Destination = S['CatalogDestination'];
export type DestinationType = Destination['type'];
export type HistoryItem = S['CatalogHistory'];
export type Row = S['CatalogRow'];
export type RowTemplate = Row['template'];
export type Rowset = S['CatalogRowset'];
export type RowsetTemplate = Rowset['template'];
export type MenuPage = S['CatalogMenuPage'];
export type Filters = S['CatalogFilters'];
export type Genre = S['CatalogGenre'];
export type Country = S['CatalogCountry'];
export type RowChannel = S['Channel'];
