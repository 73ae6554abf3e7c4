import type { AccountUpdateRequest, AccountUpdateResponse } from '@junkan/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountInfoQueryKey } from '../../../lib/account-info';
import { api } from '../../../lib/api-client';
import { PERMISSIONS_KEY, primePermissions } from '../../../lib/permissions';
import { setToken } from '../../../lib/session';

/** PUT /users (discharger) or PUT /trans/users (transporter). */
export const updateAccountInfo = (isTransport: boolean, body: AccountUpdateRequest) =>
  api.put<AccountUpdateResponse>(isTransport ? '/trans/users' : '/users', body);

/**
 * Saves the account information, then stores the fresh token the server answers: its subNum/ediKey
 * claims, and the permissions that depend on them (collection requests), may have changed.
 */
export function useUpdateAccountInfo(isTransport: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AccountUpdateRequest) => {
      const result = await updateAccountInfo(isTransport, body);
      await queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY, refetchType: 'none' });
      await primePermissions(queryClient, result.token);
      return result;
    },
    onSuccess: ({ info, token }) => {
      setToken(token);
      queryClient.setQueryData(accountInfoQueryKey(isTransport), info);
    },
  });
}
