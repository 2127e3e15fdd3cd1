// Watch area (spec catalogue-playback-commerce 2 /watch and /trailers, 4 "Content page and
// play flow" 3-7): the play flow of one content, resume with 'watch from the beginning',
// history saving, the next episode near the end, the parental PIN for films, trailers,
// and /content_embed (the content's player alone for a frame on another site).
export { resumeFrom, RESUME_MIN_SECONDS, RESUME_MAX_SECONDS, RESTART_OFFER_MS } from './rules/resume';
export { chooseNext } from './rules/nextEpisode';

// Screens (the route table loads this module lazily).
export { WatchPage } from './WatchPage';
export { TrailerPage } from './TrailerPage';
export { default as ContentEmbedPage } from './ContentEmbedPage';
