import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath } from '../paths';
import { sessionQuery } from '../session/session';
import { StaffContext } from '../session/StaffContext';
import { QueryState } from '../ui/QueryState';

/** Signed-in routes: without a session, to sign-in, coming back here afterwards. */
export function RequireStaff() {
  const location = useLocation();
  const session = useQuery(sessionQuery());
  if (session.data === null) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (!session.data) return <QueryState error={session.error} onRetry={() => void session.refetch()} />;
  return (
    <StaffContext.Provider value={session.data}>
      <Outlet />
    </StaffContext.Provider>
  );
}
