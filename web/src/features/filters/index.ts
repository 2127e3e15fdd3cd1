// Filter pages (spec 2 "Filter page": /movies and /series). The route table loads this
// module lazily.
export { FilterPage } from './FilterPage';
export { yearOptions, filterParams, readFilters, withFilter, withoutFilters, FIRST_PAGE, NEXT_PAGE, RATING_OPTIONS, COUNTRY_LIMIT } from './options';
export type { FilterKind, FilterState, YearOption } from './options';
