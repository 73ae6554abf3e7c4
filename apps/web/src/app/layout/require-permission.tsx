import { paths } from '@junkan/shared/paths';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useMatches } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { usePermissions } from '../../lib/permissions';
import { holdsPagePermission, type PagePermission } from '../route-table';

const PermissionsFailed = lazy(() => import('./permissions-failed'));

/** Route `handle` of a signed-in page: the permission key it needs (or the keys of which any opens it). */
export interface RouteHandle {
  permission?: PagePermission;
}

/** The deepest matched route's permission key (one of its keys) must be among the user's permissions, else /403. */
export function RequirePermission({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const { has, isLoading, isError, refetch } = usePermissions();
  const permission = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.permission)
    ?.handle as RouteHandle | undefined;
  if (!permission?.permission) return <>{children}</>;
  if (isLoading) return <PageSpinner />;
  if (isError) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <PermissionsFailed onRetry={() => void refetch()} />
      </Suspense>
    );
  }
  if (!holdsPagePermission(permission.permission, has)) return <Navigate to={paths.forbidden.to()} replace />;
  return <>{children}</>;
}
