import type { LoginRequest } from '@junkan/shared/api/auth';
import type { TokenResponse } from '@junkan/shared/api/common';
import { LOGIN_FAILURE_MESSAGE } from '@junkan/shared/errors';
import { api, isApiError } from '../../../lib/api-client';

export function login(body: LoginRequest): Promise<TokenResponse> {
  return api.post<TokenResponse>('/auth/login', body, { auth: false });
}

/** Section 8: login failures are told apart by the server's message string (ruling 7). */
export function loginErrorCode(error: unknown): string {
  if (!isApiError(error)) return 'server_error';
  if (error.status === 429) return 'too_many_requests';
  if (error.code === 'network_error' || error.code === 'timeout_error') return error.code;
  if (error.serverMessage === LOGIN_FAILURE_MESSAGE.INCORRECT) return 'MSG_01_01';
  if (error.serverMessage === LOGIN_FAILURE_MESSAGE.INACTIVE) return 'account_is_not_enabled';
  return 'server_error';
}
