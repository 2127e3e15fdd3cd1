// News area (spec catalogue-playback-commerce 2 /news and /news/{id}): the list and one item.
export { NEWS_PAGE } from './api';
export type { News } from './api';

// Screens (the route table loads this module lazily).
export { NewsListPage, NewsItemPage } from './NewsPages';
