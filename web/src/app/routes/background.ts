import { createContext } from 'react';
import { matchRoutes, type Location } from 'react-router';

export const CHANNEL_PATH = '/channels/:category/:channel/:ts?';

/** The page under a modal page opened directly (no in-app background): its list page or home. */
export function backgroundFor(pathname: string): Location {
  const channel = matchRoutes([{ path: CHANNEL_PATH }], pathname)?.[0];
  const path = channel ? `/channels/${channel.params.category}` : '/';
  return { pathname: path, search: '', hash: '', state: null, key: 'background' };
}

/**
 * The page under the open modal page, as AppRoutes resolved it; closing the modal page
 * returns there. A recorded background that is itself a modal page (sections walked
 * in a settings page loaded directly) is replaced by backgroundFor.
 */
export const BackgroundContext = createContext<Location | null>(null);
