import type { AdminUserListQuery, AdminUserPage } from '@junkan/shared/api/account-master';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const ADMIN_USERS_KEY = ['account-master'] as const;

/** GET /admin/users?keyWord=&role=&page=&size=&sort=&order= */
export const fetchAdminUsers = (query: AdminUserListQuery) =>
  api.get<AdminUserPage>('/admin/users', { ...query });

export const adminUsersQueryOptions = (query: AdminUserListQuery) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'list', query],
    queryFn: () => fetchAdminUsers(query),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (query: AdminUserListQuery) => useQuery(adminUsersQueryOptions(query));
