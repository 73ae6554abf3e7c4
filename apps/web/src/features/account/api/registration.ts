import type { TokenResponse } from '@junkan/shared/api/common';
import type { AccountInfo } from '@junkan/shared/api/users';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Registration link check (no token): an active account or an invalid link cannot register. */
export const checkEmailToken = (emailToken: string) =>
  api.get<{ active: boolean; id: number }>('/users/email-token', { emailToken }, { auth: false });

export const emailTokenQueryOptions = (emailToken: string) =>
  queryOptions({
    queryKey: ['email-token', emailToken],
    queryFn: () => checkEmailToken(emailToken),
    enabled: emailToken !== '',
    retry: false,
  });

export const registerUser = (id: number, body: AccountInfo & { emailToken: string }) =>
  api.put<TokenResponse>(`/users/${id}`, body, { auth: false });
