import { decideRoute } from '@junkan/shared/session';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PlainSpinner } from '../components/plain-spinner';
import { useSession } from '../lib/use-session';
import { useDocumentTitle } from './document-title';

/**
 * Section 6 route guard at the root of every route, which also titles the tab after the page on screen. Permission
 * keys are checked by the layout. Its fallback is antd-free: it is in the entry chunk and is what the login page
 * shows while its chunk loads.
 */
export function RootGuard() {
  useDocumentTitle();
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
    <Suspense fallback={<PlainSpinner />}>
      <Outlet />
    </Suspense>
  );
}
