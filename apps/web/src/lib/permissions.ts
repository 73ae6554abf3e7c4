import type { TransportApprovalStatus } from '@junkan/shared/enums';
import type { Permission } from '@junkan/shared/permissions';
import { rolesFromAuthorities } from '@junkan/shared/session';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { decodeToken, type SessionSnapshot } from './session';
import { useSession } from './use-session';

type Who = Pick<SessionSnapshot, 'claims' | 'adminId' | 'roles'>;

/** Every permissions answer sits under this key (they survive an identity change; see providers). */
export const PERMISSIONS_KEY = ['permissions'] as const;

// Keyed by who is signed in, so switching operator or user refetches; token refreshes do not.
const permissionsKey = (who: Who) =>
  [...PERMISSIONS_KEY, who.claims?.userId ?? null, who.adminId, who.roles.join(',')] as const;

interface PermissionsAnswer {
  permissions: string[];
  /** The transporter's company approval; null for other roles. */
  transportApproval: TransportApprovalStatus | null;
}

const fetchPermissions = (token?: string) => api.get<PermissionsAnswer>('/permissions', undefined, { token });

export const permissionsQueryOptions = (session: SessionSnapshot) =>
  queryOptions({
    queryKey: permissionsKey(session),
    queryFn: () => fetchPermissions(),
    enabled: session.isSignedIn,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Fetches the permissions of a token about to be stored, so the next page opens without a spinner. */
export async function primePermissions(queryClient: QueryClient, token: string): Promise<void> {
  const claims = decodeToken(token);
  if (!claims) return;
  const who: Who = {
    claims,
    adminId: claims.adminId ?? null,
    roles: rolesFromAuthorities(claims.authorities) as Who['roles'],
  };
  try {
    queryClient.setQueryData(permissionsKey(who), await fetchPermissions(token));
  } catch {
    // The guard fetches them again after navigation.
  }
}

export function usePermissions() {
  const session = useSession();
  const query = useQuery(permissionsQueryOptions(session));
  const permissions = query.data?.permissions ?? [];
  return {
    permissions,
    transportApproval: query.data?.transportApproval ?? null,
    isLoading: session.isSignedIn && query.isPending,
    isError: query.isError,
    refetch: query.refetch,
    has: (key: Permission) => permissions.includes(key),
  };
}
