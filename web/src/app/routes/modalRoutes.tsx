import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, type RouteObject } from 'react-router';
import { CHANNEL_PATH } from './background';
import { ModalPage } from './ModalPage';
import type { SectionKey } from './SectionPage';
import { PartnerGate, RequireLogin } from './guards';

// Modal pages: routes that open over the previous page (spec 2 of both documents).

const LegalText = lazy(() => import('@/features/legal').then((m) => ({ default: m.LegalText })));
const SettingsPage = lazy(() => import('@/features/settings').then((m) => ({ default: m.SettingsPage })));
const ChannelViewer = lazy(() => import('@/features/channels').then((m) => ({ default: m.ChannelViewer })));

const ContentPage = lazy(() => import('@/features/content').then((m) => ({ default: m.ContentPage })));
const WatchPage = lazy(() => import('@/features/watch').then((m) => ({ default: m.WatchPage })));
const TrailerPage = lazy(() => import('@/features/watch').then((m) => ({ default: m.TrailerPage })));
const PersonPage = lazy(() => import('@/features/persons').then((m) => ({ default: m.PersonPage })));
const NewsItemPage = lazy(() => import('@/features/news').then((m) => ({ default: m.NewsItemPage })));

/** A catalogue modal page: the screen shows its own heading, the dialog's names it for screen readers. */
function CatalogModal({ section, children }: { section: SectionKey; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalPage title={t(`sections.${section}.title`)} name={section} titleHidden>
      {children}
    </ModalPage>
  );
}

function ChannelModal() {
  const { t } = useTranslation();
  return (
    <ModalPage title={t('channels.title')} name="channel">
      <ChannelViewer />
    </ModalPage>
  );
}

function LegalModal({ kind }: { kind: 'agreement' | 'privacy' }) {
  const { t } = useTranslation();
  return (
    <ModalPage title={t(`footer.${kind}`)} name={kind}>
      <LegalText kind={kind} />
    </ModalPage>
  );
}

function SettingsModal() {
  const { t } = useTranslation();
  return (
    <PartnerGate>
      <RequireLogin otherwise="home">
        <ModalPage title={t('settings.title')} name="settings">
          <SettingsPage />
        </ModalPage>
      </RequireLogin>
    </PartnerGate>
  );
}

export function modalRoutes(isPhone: boolean): RouteObject[] {
  const routes: RouteObject[] = [
    { path: '/contents/:slug/:child?', element: <CatalogModal section="content"><ContentPage /></CatalogModal> },
    { path: '/watch/:id', element: <CatalogModal section="watch"><WatchPage /></CatalogModal> },
    { path: '/trailers/:id', element: <CatalogModal section="trailer"><TrailerPage /></CatalogModal> },
    { path: '/persons/:id', element: <CatalogModal section="person"><PersonPage /></CatalogModal> },
    { path: '/news/:id', element: <CatalogModal section="newsItem"><NewsItemPage /></CatalogModal> },
    { path: '/agreement', element: <LegalModal kind="agreement" /> },
    { path: '/privacy', element: <LegalModal kind="privacy" /> },
    { path: '/settings', element: <SettingsModal /> },
    { path: '/settings/language/:page', element: <SettingsModal /> },
    { path: '/settings/:section', element: <SettingsModal /> },
  ];
  // On a phone the channel opens over the list; elsewhere it is a page (see pageRoutes).
  if (isPhone) routes.push({ path: CHANNEL_PATH, element: <ChannelModal /> });
  return routes;
}

export function isModalPath(pathname: string, isPhone: boolean): boolean {
  return (matchRoutes(modalRoutes(isPhone), pathname)?.length ?? 0) > 0;
}
