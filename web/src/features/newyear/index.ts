// The New Year event page (spec 2 "/newyear"): the event channel, a countdown to the end of
// the year and five fixed rows. The route loads this module lazily.
export { NewYearPage } from './NewYearPage';
export { countdown, pickNewYearChannel, NEWYEAR_CHANNEL_ID, NEWYEAR_ROWS } from './rules';
