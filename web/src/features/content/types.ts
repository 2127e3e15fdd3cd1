import type { components } from '@/shared/api/schema';

// Wire types of the content calls, generated from api/openapi.yaml (npm run gen:api) and
// named after the spec's entities (section 3: Content, Content meta, Button, Catch-up source).

type S = components['schemas'];

export type Content = S['CatalogContent'];
export type ContentType = Content['content_type'];
export type ContentMeta = S['CatalogContentMeta'];
export type ContentButton = S['CatalogButton'];
export type CatchupSource = S['CatalogSource'];
export type PersonRef = S['CatalogPersonRef'];
export type Genre = S['CatalogGenre'];
export type Rating = S['CatalogRating'];
export type VodStream = S['CatalogStream'];
export type Library = S['CatalogLibrary'];
export type Person = S['CatalogPerson'];
export type ContentHistory = NonNullable<ContentMeta['history']>;

/** A packet offered by a pay button (button_data.packets: what the server lists). */
export interface OfferedPacket {
  id: number;
  name: string;
  price?: number;
  currency?: string;
  period_days?: number;
}
