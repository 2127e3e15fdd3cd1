// Install instructions (catalogue spec 5 "Device install instructions dialog"): the #install
// and #smarttv dialogs, the /manual pages and the header's how-to-install button. The texts
// and pictures are the operator's (console: Settings -> Install instructions). The header
// loads with every page, so only its button is eager; the dialogs and pages are lazy chunks.
import { lazy } from 'react';

export { InstallButton } from './InstallButton';
export const InstallModal = lazy(() => import('./InstallModal').then((m) => ({ default: m.InstallModal })));
export const SmartTvModal = lazy(() => import('./InstallModal').then((m) => ({ default: m.SmartTvModal })));
export const ManualPage = lazy(() => import('./ManualPage').then((m) => ({ default: m.ManualPage })));
