// Web push (spec 3 "Push notification", the #push modal, the service worker rules of
// "Technical behaviour"): the #push modal that asks for the permission and subscribes
// (lazy), and the upkeep the layout runs (worker registration, subscription in step
// with the device).
import { lazy } from 'react';

export const PushModal = lazy(() => import('./PushModal'));
export { usePushUpkeep } from './usePushUpkeep';
