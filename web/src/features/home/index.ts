// Home area: the main page. Imported eagerly by the layout (it is the first screen).
export { HomeView } from './HomeView';
