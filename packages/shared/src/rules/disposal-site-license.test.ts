import { describe, expect, it } from 'vitest';
import { isDisposalSiteLicenseExpired } from './disposal-site-license';

describe('a disposal site license', () => {
  it.each([
    ['2026-11-24', '2026-11-25', true],
    ['2026-11-25', '2026-11-25', false],
    ['2029-03-31', '2026-11-25', false],
    [null, '2026-11-25', false],
  ] as const)('expiring %s is expired on %s: %s', (expireDate, today, expired) => {
    expect(isDisposalSiteLicenseExpired(expireDate, today)).toBe(expired);
  });
});
