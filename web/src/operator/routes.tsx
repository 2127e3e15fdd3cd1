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
// imports: packets
// imports: channels
// imports: catalog
// imports: pages
// imports: engage
// imports: settings
// imports: integrations

// The console's route table (inside the /operator basename). The sections are small
// beside the libraries every page needs, so they come in the entry's bundle rather than
// costing a round trip each when first opened.

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
          {/* routes: packets */}
          {/* routes: channels */}
          {/* routes: catalog */}
          {/* routes: pages */}
          {/* routes: engage */}
          {/* routes: settings */}
          {/* routes: integrations */}
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
