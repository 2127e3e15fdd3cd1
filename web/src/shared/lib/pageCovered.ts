import { createContext, useContext } from 'react';

/**
 * True for the page under an open modal page (a content page, the player...): it stays
 * mounted but out of sight, so what moves or plays on it (slider rotation, banner
 * trailers) stops until it is uncovered.
 */
export const PageCoveredContext = createContext(false);

export const usePageCovered = (): boolean => useContext(PageCoveredContext);
