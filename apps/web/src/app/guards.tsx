import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@cutroom/domain';
import { ErrorState } from '../components/error-state';
import { FullPageLoader } from '../components/loaders';
import { errorMessage } from '../lib/api-client';
import type { RouteState } from '../lib/route-state';
import { returnPath } from '../lib/route-state';
import { mustVisitProfile, useCurrentUser, useSession } from '../lib/session';
import { PATHS } from '../lib/paths';

/** Authenticated routes: no session goes to /login (remembering the page), unfinished profiles to /profile. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <FullPageLoader />;
  if (session.data === undefined) {
    return (
      <ErrorState
        fullPage
        message={errorMessage(session.error)}
        onRetry={() => void session.refetch()}
        retrying={session.isFetching}
      />
    );
  }
  const user = session.data;
  if (!user) {
    const state: RouteState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={PATHS.login} replace state={state} />;
  }
  if (mustVisitProfile(user) && location.pathname !== PATHS.profile) return <Navigate to={PATHS.profile} replace />;
  return <Outlet />;
}

/** /login and /signup: a logged-in user goes on to the page they wanted, or home (spec 002 §2). */
export function PublicOnly() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader />;
  if (session.data) return <Navigate to={returnPath(location.state)} replace />;
  // No session, or the session check failed: the form still works, so show it.
  return <Outlet />;
}

/** Pages for some roles only; everyone else is sent home, as the spec does for settings. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const user = useCurrentUser();
  return roles.includes(user.client_type) ? <Outlet /> : <Navigate to={PATHS.home} replace />;
}
