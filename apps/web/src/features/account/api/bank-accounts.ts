import type { BankAccounts, SaveBankAccountsInput } from '@junkan/shared/api/bank-accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /trans/bank-accounts: the company's 振込先, in printed order. */
export const getBankAccounts = () => api.get<BankAccounts>('/trans/bank-accounts');

export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['bank-accounts'],
    queryFn: getBankAccounts,
    // The form is filled once; a background refetch must not overwrite what the user is typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useBankAccounts = (enabled: boolean) => useQuery({ ...bankAccountsQueryOptions(), enabled });

/** PUT /trans/bank-accounts: replaces the list; the answer is what the query holds next. */
export function useSaveBankAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBankAccountsInput) => api.put<BankAccounts>('/trans/bank-accounts', body),
    onSuccess: (saved) => queryClient.setQueryData(bankAccountsQueryOptions().queryKey, saved),
  });
}
