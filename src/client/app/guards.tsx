import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { FullScreenLoader } from '../components/ui/full-screen-loader.tsx';
import { paths, REDIRECT_PARAM } from '../config/paths.ts';
import { useAuth } from '../lib/auth.ts';
import { getSafeReturnPath } from '../lib/return-path.ts';

/**
 * Login guard: signed-out visitors go to sign-in, which brings them back here afterwards. Nothing but the loader
 * until the first auth state is known, so that it never decides on a guess.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullScreenLoader />;
  if (status !== 'signed-in') {
    const origin = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login.getHref(origin)} replace />;
  }
  return <Outlet />;
}

/**
 * Sign-in and register: a signed-in user goes to the remembered origin, or home (docs/product.md "Route table",
 * "Auth pages").
 */
export function GuestOnly() {
  const { status } = useAuth();
  const [searchParams] = useSearchParams();
  if (status === 'loading') return <FullScreenLoader />;
  if (status === 'signed-in') {
    return <Navigate to={getSafeReturnPath(searchParams.get(REDIRECT_PARAM))} replace />;
  }
  return <Outlet />;
}
