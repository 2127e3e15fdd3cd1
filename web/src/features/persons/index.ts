// Persons area (spec catalogue-playback-commerce 2 "Person page"): /persons/{slug or id}
// with the film count, biography, favourite toggle and the movies, series and programmes.
export { personNoindex, contentsCount, filledSections, NOINDEX_BELOW } from './rules';
export type { Person } from './api';

// Screens (the route table loads this module lazily).
export { PersonPage } from './PersonPage';
