import type { AccountInfoResponse } from '@junkan/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET users/info (discharger) or trans/users/info (transporter): the signed-in operator's account information. */
export const getAccountInfo = (isTransport: boolean) =>
  api.get<AccountInfoResponse>(isTransport ? '/trans/users/info' : '/users/info');

export const accountInfoQueryKey = (isTransport: boolean) =>
  ['account-info', isTransport ? 'trans' : 'waste'] as const;

export const accountInfoQueryOptions = (isTransport: boolean) =>
  queryOptions({
    queryKey: accountInfoQueryKey(isTransport),
    queryFn: () => getAccountInfo(isTransport),
    // The form is filled once; a background refetch must not overwrite what the user is typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useAccountInfo = (isTransport: boolean) => useQuery(accountInfoQueryOptions(isTransport));
