import { describe, expect, it } from 'vitest';
import { isQuoteBannerShown, registrationRedirect } from './quote-banner';
import {
  decideRoute,
  isSessionExpired,
  rolesFromAuthorities,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_WARNING_LEAD_MS,
  sessionEndsAt,
  sessionStep,
  shouldRefreshToken,
} from './session';

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

  it('ends a session 30 minutes minus 50 seconds after its token was received', () => {
    expect(sessionEndsAt(0)).toBe(30 * MIN - 50_000);
    expect(isSessionExpired(7, sessionEndsAt(7))).toBe(false);
    expect(isSessionExpired(7, sessionEndsAt(7) + 1)).toBe(true);
  });

  it('warns of an idle session two minutes before its end, and not of one that will be refreshed', () => {
    const idle = { tokenIssuedAtMs: 0, lastActivityMs: 0, isTabVisible: false };
    const end = sessionEndsAt(0);
    expect(sessionStep({ ...idle, nowMs: 4 * MIN })).toBe('wait');
    expect(sessionStep({ ...idle, nowMs: end - SESSION_WARNING_LEAD_MS - 1 })).toBe('wait');
    expect(sessionStep({ ...idle, nowMs: end - SESSION_WARNING_LEAD_MS })).toBe('warn');
    expect(sessionStep({ ...idle, nowMs: end })).toBe('warn');
    expect(sessionStep({ ...idle, nowMs: end + 1 })).toBe('expired');
    // Active within 5 minutes, or looking at the tab: refreshed, so never warned.
    expect(sessionStep({ ...idle, nowMs: end - 1000, lastActivityMs: end - 4 * MIN })).toBe('refresh');
    expect(sessionStep({ ...idle, nowMs: end - 1000, isTabVisible: true })).toBe('refresh');
    expect(sessionStep({ ...idle, nowMs: 4 * MIN, isTabVisible: true })).toBe('wait');
    expect(sessionStep({ ...idle, nowMs: end + 1, isTabVisible: true })).toBe('expired');
  });

  it('leaves at least 20 seconds to answer the warning (WCAG 2.2.1), even seen a check or a minute late', () => {
    // A check every 10 s; a background tab's timers woken once a minute.
    for (const lateBy of [SESSION_CHECK_INTERVAL_MS, 60_000]) {
      expect(SESSION_WARNING_LEAD_MS - lateBy).toBeGreaterThanOrEqual(20_000);
    }
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
    // The accessibility statement is open to everyone, an admin that has not chosen an operator too.
    [{ pathname: '/accessibility', ...signedOut }, { allow: true }],
    [{ pathname: '/accessibility', isSignedIn: true, roles: ['WASTE'] }, { allow: true }],
    [{ pathname: '/accessibility', isSignedIn: true, roles: ['ADMIN'] }, { allow: true }],
    // A driver has its day only, and only a driver has one.
    [{ pathname: '/driver', isSignedIn: true, roles: ['DRIVER'] }, { allow: true }],
    [{ pathname: '/home', isSignedIn: true, roles: ['DRIVER'] }, { redirect: '/driver' }],
    [{ pathname: '/login', isSignedIn: true, roles: ['DRIVER'] }, { redirect: '/driver' }],
    [{ pathname: '/invoice-management', isSignedIn: true, roles: ['DRIVER'] }, { redirect: '/driver' }],
    [{ pathname: '/accessibility', isSignedIn: true, roles: ['DRIVER'] }, { allow: true }],
    [{ pathname: '/driver', isSignedIn: true, roles: ['TRANSPORT'] }, { redirect: '/' }],
    [{ pathname: '/driver', isSignedIn: true, roles: ['ADMIN', 'TRANSPORT'], adminId: 1 }, { redirect: '/' }],
    [{ pathname: '/driver', ...signedOut }, { redirect: '/login' }],
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
