import type { AdminUserDetail, AdminUserUpdate } from '@junkan/shared/api/account-master';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_USERS_KEY } from './admin-users';

/** PUT /admin/users/{id}: answers the saved account. */
export const updateAdminUser = (id: number, body: AdminUserUpdate) =>
  api.put<AdminUserDetail>(`/admin/users/${id}`, body);

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminUserUpdate }) => updateAdminUser(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([...ADMIN_USERS_KEY, 'detail', saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, 'list'] });
    },
  });
}
