import type { PasswordChangeResponse } from '@junkan/shared/api/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Result = { result: boolean };

export const sendPasswordResetEmail = (email: string) =>
  api.post<Result>('/auth/password/send-email', { email }, { auth: false });

export const checkResetLink = (token: string) =>
  api.get<Result>('/auth/link/check', { token }, { auth: false });

/** The reset link is checked once: a used or expired link stays so. */
export const resetLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['reset-link', token], queryFn: () => checkResetLink(token), retry: false });

export const resetPassword = (body: { pass: string; token: string }) =>
  api.post<Result>('/auth/password/reset', body, { auth: false });

export const changePassword = (body: { oldPass: string; newPass: string }) =>
  api.post<PasswordChangeResponse>('/auth/password/change', body);
