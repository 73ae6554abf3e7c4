import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useMatches } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../../lib/paths';
import { usePermissions } from '../../lib/permissions';
import { holdsPagePermission, type PagePermission } from '../route-table';

/** Route `handle` of a signed-in page: the permission key it needs (or the keys of which any opens it). */
export interface RouteHandle {
  permission?: PagePermission;
}

/** The deepest matched route's permission key (one of its keys) must be among the user's permissions, else /403. */
export function RequirePermission({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const { has, isLoading, isError, refetch } = usePermissions();
  const permission = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.permission)
    ?.handle as RouteHandle | undefined;
  if (!permission?.permission) return <>{children}</>;
  if (isLoading) return <PageSpinner />;
  if (isError) {
    return (
      <Result
        status="warning"
        title={t('unknown_error')}
        extra={
          <Button type="primary" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!holdsPagePermission(permission.permission, has)) return <Navigate to={paths.forbidden.to()} replace />;
  return <>{children}</>;
}
