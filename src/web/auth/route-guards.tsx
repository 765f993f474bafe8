import { Navigate, Outlet, useLocation } from 'react-router';
import { readAuthLocationState, safeReturnPath, type AuthLocationState } from './location-state.js';
import { useSessionState } from './session.js';

/**
 * Protected area: a signed-out visitor goes to /login carrying the path they asked
 * for. After an explicit logout there is nothing to return to.
 */
export function RequireSession() {
  const { session, endedBy } = useSessionState();
  const location = useLocation();
  if (session) return <Outlet />;
  const state: AuthLocationState | undefined =
    endedBy === 'logout' ? undefined : { from: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to="/login" replace state={state} />;
}

/** /login and /register: a signed-in seller goes on to where they were headed, /dashboard by default. */
export function RedirectIfSignedIn() {
  const { session } = useSessionState();
  const location = useLocation();
  if (!session) return <Outlet />;
  return <Navigate to={safeReturnPath(readAuthLocationState(location.state).from)} replace />;
}
