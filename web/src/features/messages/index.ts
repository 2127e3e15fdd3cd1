// Viewer messages (spec access-and-identity 2, 4, 9): the header button with its count, the
// #message modal (lazy), and the background upkeep of a logged-in viewer (messages refresh,
// keep-alive) that runs only while the app is active.
import { lazy } from 'react';

export { MessagesButton } from './MessagesButton';
export { useSessionUpkeep } from './useUpkeep';
export { messagesQuery } from './api';
export const MessagesModal = lazy(() => import('./MessagesModal'));
