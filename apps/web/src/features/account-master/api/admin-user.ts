import type { AdminUserDetail } from '@junkan/shared/api/account-master';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_USERS_KEY } from './admin-users';

/** GET /admin/users/{id}: account information, enabled flag and last sign-in. */
export const fetchAdminUser = (id: number) => api.get<AdminUserDetail>(`/admin/users/${id}`);

export const useAdminUser = (id: number | null) =>
  useQuery({
    queryKey: [...ADMIN_USERS_KEY, 'detail', id],
    queryFn: () => fetchAdminUser(id as number),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
