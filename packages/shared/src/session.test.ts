import { describe, expect, it } from 'vitest';
import { isQuoteBannerShown, registrationRedirect } from './quote-banner';
import { decideRoute, isSessionExpired, rolesFromAuthorities, shouldRefreshToken } from './session';

const MIN = 60_000;

describe('session expiry and refresh (section 9)', () => {
  it('expires past 30 minutes minus 50 seconds of token lifetime', () => {
    expect(isSessionExpired(0, 30 * MIN - 50_000)).toBe(false);
    expect(isSessionExpired(0, 30 * MIN - 49_999)).toBe(true);
  });

  it('refreshes after 5 minutes when active within 5 minutes or visible', () => {
    const base = { tokenIssuedAtMs: 0, isTabVisible: false };
    expect(shouldRefreshToken({ ...base, nowMs: 5 * MIN - 1, lastActivityMs: 5 * MIN - 1 })).toBe(false);
    expect(shouldRefreshToken({ ...base, nowMs: 5 * MIN, lastActivityMs: 4 * MIN })).toBe(true);
    expect(shouldRefreshToken({ ...base, nowMs: 12 * MIN, lastActivityMs: 6 * MIN })).toBe(false);
    expect(shouldRefreshToken({ ...base, nowMs: 12 * MIN, lastActivityMs: 0, isTabVisible: true })).toBe(
      true,
    );
    expect(
      shouldRefreshToken({ ...base, nowMs: 30 * MIN, lastActivityMs: 30 * MIN, isTabVisible: true }),
    ).toBe(false);
  });

  it('strips ROLE_ from authorities', () => {
    expect(rolesFromAuthorities(['ROLE_ADMIN', 'ROLE_WASTE'])).toEqual(['ADMIN', 'WASTE']);
  });
});

describe('route guard (section 6)', () => {
  const signedOut = { isSignedIn: false, roles: [] };
  it.each([
    [{ pathname: '/home', ...signedOut }, { redirect: '/login' }],
    [{ pathname: '/login', ...signedOut }, { allow: true }],
    [{ pathname: '/create-account', ...signedOut }, { allow: true }],
    [{ pathname: '/user-registration', ...signedOut }, { allow: true }],
    [{ pathname: '/account-selection', ...signedOut }, { redirect: '/login' }],
    [{ pathname: '/login', isSignedIn: true, roles: ['WASTE'] }, { redirect: '/' }],
    [{ pathname: '/home', isSignedIn: true, roles: ['ADMIN'] }, { redirect: '/account-selection' }],
    [{ pathname: '/account-selection', isSignedIn: true, roles: ['ADMIN'] }, { allow: true }],
    [{ pathname: '/transport-approval', isSignedIn: true, roles: ['ADMIN'] }, { allow: true }],
    [{ pathname: '/notice-admin', isSignedIn: true, roles: ['ADMIN'] }, { allow: true }],
    [{ pathname: '/chat-admin', isSignedIn: true, roles: ['ADMIN'] }, { allow: true }],
    [{ pathname: '/notice', isSignedIn: true, roles: ['ADMIN'] }, { redirect: '/account-selection' }],
    [{ pathname: '/inquiry-admin', isSignedIn: true, roles: ['ADMIN'] }, { allow: true }],
    [{ pathname: '/inquiry', isSignedIn: true, roles: ['ADMIN'] }, { redirect: '/account-selection' }],
    [{ pathname: '/waste-master', isSignedIn: true, roles: ['ADMIN'] }, { redirect: '/account-selection' }],
    [
      { pathname: '/transport-approval', isSignedIn: true, roles: ['ADMIN', 'TRANSPORT'], adminId: 1 },
      { allow: true },
    ],
    [
      { pathname: '/account-selection', isSignedIn: true, roles: ['ADMIN', 'WASTE'], adminId: 1 },
      { redirect: '/' },
    ],
    [{ pathname: '/home', isSignedIn: true, roles: ['ADMIN', 'WASTE'], adminId: 1 }, { allow: true }],
    [{ pathname: '/account-selection', isSignedIn: true, roles: ['TRANSPORT'] }, { redirect: '/' }],
    [{ pathname: '/reset-pass', isSignedIn: true, roles: ['WASTE'] }, { allow: true }],
  ])('%o -> %o', (args, expected) => {
    expect(decideRoute(args)).toEqual(expected);
  });
});

describe('quote parameters', () => {
  const all = { type: 'REGULAR', pcode: '1040061', size: '45', num: '2', week: '3' };
  it('shows the banner only with type, pcode, size, non-zero num and non-zero week', () => {
    expect(isQuoteBannerShown(all)).toBe(true);
    for (const key of Object.keys(all) as (keyof typeof all)[]) {
      expect(isQuoteBannerShown({ ...all, [key]: undefined })).toBe(false);
      expect(isQuoteBannerShown({ ...all, [key]: '' })).toBe(false);
    }
    expect(isQuoteBannerShown({ ...all, num: '0' })).toBe(false);
    expect(isQuoteBannerShown({ ...all, week: 0 })).toBe(false);
    expect(isQuoteBannerShown({ ...all, size: '0' })).toBe(true);
  });

  it('sends a registered user to the regular-garbage quote with type, size, num and week, else home', () => {
    expect(registrationRedirect(all)).toBe(
      '/new-quote-request/regular-garbage?type=REGULAR&size=45&num=2&week=3',
    );
    expect(registrationRedirect({ ...all, week: undefined })).toBe('/');
    expect(registrationRedirect({})).toBe('/');
  });
});
