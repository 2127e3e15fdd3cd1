import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import AuditPage from './audit/AuditPage';
import { LoginPage } from './auth/LoginPage';
import { SetupPage } from './auth/SetupPage';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { visibleMenu } from './layout/menu';
import { RequireStaff } from './layout/RequireStaff';
import { NotFound, SectionGuard } from './layout/SectionGuard';
import { paths } from './paths';
import SecurityPage from './security/SecurityPage';
import { useStaffSession } from './session/StaffContext';
import StaffPage from './staff/StaffPage';
import SubscriberCardPage from './subscribers/SubscriberCardPage';
import SubscribersPage from './subscribers/SubscribersPage';

// The larger sections load when first opened (each its own chunk); the frame, sign-in,
// subscribers, staff, audit and security come with the entry.
const PacketEditorPage = lazy(() => import('./packets/PacketEditorPage'));
const PacketsPage = lazy(() => import('./packets/PacketsPage'));
const PaySystemsPage = lazy(() => import('./paysystems/PaySystemsPage'));
const CategoriesPage = lazy(() => import('./channels/CategoriesPage'));
const ChannelEditorPage = lazy(() => import('./channels/ChannelEditorPage'));
const GuidePage = lazy(() => import('./channels/GuidePage'));
const M3UImportPage = lazy(() => import('./channels/M3UImportPage'));
const LineupPage = lazy(() => import('./channels/LineupPage'));
const CatalogPage = lazy(() => import('./catalog/CatalogPage'));
const ContentEditorPage = lazy(() => import('./catalog/ContentEditorPage'));
const GenresPage = lazy(() => import('./catalog/GenresPage'));
const ImportPage = lazy(() => import('./catalog/ImportPage'));
const LibrariesPage = lazy(() => import('./catalog/LibrariesPage'));
const PersonsPage = lazy(() => import('./catalog/PersonsPage'));
const BannersPage = lazy(() => import('./pages/BannersPage'));
const NewsPage = lazy(() => import('./pages/NewsPage'));
const PagesPage = lazy(() => import('./pages/PagesPage'));
const RowsetPage = lazy(() => import('./pages/RowsetPage'));
const SeoPage = lazy(() => import('./pages/SeoPage'));
const MessagesPage = lazy(() => import('./messages/MessagesPage'));
const PromoPage = lazy(() => import('./promo/PromoPage'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const IntegrationsPage = lazy(() => import('./integrations/IntegrationsPage'));

// The console's route table (inside the /operator basename).

export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="setup" element={<SetupPage />} />
      <Route element={<RequireStaff />}>
        <Route element={<ConsoleLayout />}>
          <Route index element={<StartPage />} />
          <Route
            path="subscribers"
            element={
              <SectionGuard section="subscribers">
                <SubscribersPage />
              </SectionGuard>
            }
          />
          <Route
            path="subscribers/:id"
            element={
              <SectionGuard section="subscribers">
                <SubscriberCardPage />
              </SectionGuard>
            }
          />
          <Route
            path="staff"
            element={
              <SectionGuard section="staff">
                <StaffPage />
              </SectionGuard>
            }
          />
          <Route
            path="audit"
            element={
              <SectionGuard section="audit">
                <AuditPage />
              </SectionGuard>
            }
          />
          <Route
            path="packets"
            element={
              <SectionGuard section="packets">
                <PacketsPage />
              </SectionGuard>
            }
          />
          <Route
            path="packets/:id"
            element={
              <SectionGuard section="packets">
                <PacketEditorPage />
              </SectionGuard>
            }
          />
          <Route
            path="paysystems"
            element={
              <SectionGuard section="paysystems">
                <PaySystemsPage />
              </SectionGuard>
            }
          />
          <Route
            path="channels"
            element={
              <SectionGuard section="channels">
                <LineupPage />
              </SectionGuard>
            }
          />
          <Route
            path="channels/categories"
            element={
              <SectionGuard section="channels">
                <CategoriesPage />
              </SectionGuard>
            }
          />
          <Route
            path="channels/guide"
            element={
              <SectionGuard section="channels">
                <GuidePage />
              </SectionGuard>
            }
          />
          <Route
            path="channels/import"
            element={
              <SectionGuard section="channels">
                <M3UImportPage />
              </SectionGuard>
            }
          />
          <Route
            path="channels/:id"
            element={
              <SectionGuard section="channels">
                <ChannelEditorPage />
              </SectionGuard>
            }
          />
          <Route
            path="catalog"
            element={
              <SectionGuard section="catalog">
                <CatalogPage />
              </SectionGuard>
            }
          />
          <Route
            path="catalog/new"
            element={
              <SectionGuard section="catalog">
                <ContentEditorPage />
              </SectionGuard>
            }
          />
          <Route
            path="catalog/contents/:id"
            element={
              <SectionGuard section="catalog">
                <ContentEditorPage />
              </SectionGuard>
            }
          />
          <Route
            path="catalog/persons"
            element={
              <SectionGuard section="catalog">
                <PersonsPage />
              </SectionGuard>
            }
          />
          <Route
            path="catalog/genres"
            element={
              <SectionGuard section="catalog">
                <GenresPage />
              </SectionGuard>
            }
          />
          <Route
            path="catalog/libraries"
            element={
              <SectionGuard section="catalog">
                <LibrariesPage />
              </SectionGuard>
            }
          />
          <Route
            path="catalog/import"
            element={
              <SectionGuard section="catalog">
                <ImportPage />
              </SectionGuard>
            }
          />
          <Route
            path="pages"
            element={
              <SectionGuard section="pages">
                <PagesPage />
              </SectionGuard>
            }
          />
          <Route
            path="pages/rowsets/:id"
            element={
              <SectionGuard section="pages">
                <RowsetPage />
              </SectionGuard>
            }
          />
          <Route
            path="pages/banners"
            element={
              <SectionGuard section="pages">
                <BannersPage />
              </SectionGuard>
            }
          />
          <Route
            path="pages/news"
            element={
              <SectionGuard section="pages">
                <NewsPage />
              </SectionGuard>
            }
          />
          <Route
            path="pages/seo"
            element={
              <SectionGuard section="pages">
                <SeoPage />
              </SectionGuard>
            }
          />
          <Route
            path="promo"
            element={
              <SectionGuard section="promo">
                <PromoPage />
              </SectionGuard>
            }
          />
          <Route
            path="messages"
            element={
              <SectionGuard section="messages">
                <MessagesPage />
              </SectionGuard>
            }
          />
          <Route
            path="dashboard"
            element={
              <SectionGuard section="dashboard">
                <DashboardPage />
              </SectionGuard>
            }
          />
          <Route
            path="settings"
            element={
              <SectionGuard section="settings">
                <SettingsPage />
              </SectionGuard>
            }
          />
          <Route
            path="integrations"
            element={
              <SectionGuard section="integrations">
                <IntegrationsPage />
              </SectionGuard>
            }
          />
          <Route path="security" element={<SecurityPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}

/** The start page: the first section the role opens (Security is open to everyone). */
function StartPage() {
  const { permissions } = useStaffSession();
  const first = visibleMenu(permissions)[0];
  return <Navigate to={first?.path ?? paths.security} replace />;
}
