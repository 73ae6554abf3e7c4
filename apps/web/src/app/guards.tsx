import { decideRoute } from '@junkan/shared';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { useSession } from '../lib/use-session';

/** Section 6 route guard at the root of every route. Permission keys are checked by the layout. */
export function RootGuard() {
  const { pathname } = useLocation();
  const session = useSession();
  const decision = decideRoute({
    pathname,
    isSignedIn: session.isSignedIn,
    roles: session.roles,
    adminId: session.adminId,
  });
  if ('redirect' in decision) return <Navigate to={decision.redirect} replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
