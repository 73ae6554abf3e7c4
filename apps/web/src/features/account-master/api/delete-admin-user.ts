import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_USERS_KEY } from './admin-users';

/** DELETE /admin/users/{id}: a soft delete; the account can no longer sign in. */
export const deleteAdminUser = (id: number) => api.delete<{ result: boolean }>(`/admin/users/${id}`);

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, 'list'] }),
  });
}
