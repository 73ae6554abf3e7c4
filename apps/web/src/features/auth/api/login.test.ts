import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { loginErrorCode } from './login';

describe('loginErrorCode', () => {
  it.each([
    [new ApiError({ status: 401, code: 'MSG_01_01', message: 'Incorrect account' }), 'MSG_01_01'],
    [
      new ApiError({ status: 401, code: 'account_is_not_enabled', message: 'Inactive account' }),
      'account_is_not_enabled',
    ],
    [new ApiError({ status: 401, code: 'MSG_01_01', message: 'Something else' }), 'server_error'],
    [new ApiError({ status: 429, code: 'too_many_requests' }), 'too_many_requests'],
    [new ApiError({ status: 500, code: 'server_error', message: 'Internal' }), 'server_error'],
    [new ApiError({ status: 0, code: 'network_error' }), 'network_error'],
    [new ApiError({ status: 0, code: 'timeout_error' }), 'timeout_error'],
    [new Error('boom'), 'server_error'],
  ])('maps %o to %s', (error, expected) => {
    expect(loginErrorCode(error)).toBe(expected);
  });
});
