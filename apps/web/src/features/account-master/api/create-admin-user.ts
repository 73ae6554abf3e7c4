import type { AdminUserCreate } from '@junkan/shared/api/account-master';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_USERS_KEY } from './admin-users';

/** POST /admin/users: the new account gets a mail with a link to set its password. */
export const createAdminUser = (body: AdminUserCreate) => api.post<{ id: number }>('/admin/users', body);

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
