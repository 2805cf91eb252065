import { loginRedirectPath } from '@opence/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/auth.tsx';

/** Routes marked auth (01 §2): a visitor goes to /login with rurl holding the wanted path. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginRedirectPath(location.pathname + location.search)} replace />;
  return <Outlet />;
}
