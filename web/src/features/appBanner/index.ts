// Mobile-app banner (spec access-and-identity 4 "Other"): the visibility rule is small and
// loads with the layout; the banner itself is a lazy chunk fetched only when it shows, as
// are /app_store and the /open_mobile_app redirect.
import { lazy } from 'react';

export { shouldShowAppBanner, isPhoneDevice, isInWebview } from './visibility';
export type { AppLinks, BannerContext } from './visibility';
export const AppBanner = lazy(() => import('./AppBanner'));
export const AppStorePage = lazy(() => import('./AppStorePage'));
export const OpenMobileApp = lazy(() => import('./OpenMobileApp'));
