// The operator's look on the viewer's pages: its colours as CSS custom properties.
export { applyBrand, brandProperties, darken, fetchBrand } from './brand';
export type { Brand } from './brand';
