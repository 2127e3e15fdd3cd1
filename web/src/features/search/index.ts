import { lazy } from 'react';

// Search area (spec 2 "Search", 4 "Search", 5 layout hint, 7 search calls): the header search
// with suggestions, history and the wrong-keyboard-layout hint, and the /search results page.
// The header imports this index eagerly, so the results page is lazy here: its code (and the
// English word list of the layout hint) stays out of the first chunk.
export { HeaderSearch } from './HeaderSearch';
export const SearchPage = lazy(() => import('./SearchPage').then((m) => ({ default: m.SearchPage })));
export { latinToCyrillic, cyrillicToLatin, layoutHintCandidate } from './layout';
export { searchPath, normaliseSearchTerm } from './rules';
export type * from './types';
