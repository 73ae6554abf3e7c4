import { paths } from './paths';

/** Section 9 session constants and the pure rules built on them. */
export const TOKEN_LIFETIME_MS = 30 * 60 * 1000;
/**
 * Absolute lifetime of a sign-in, counted from when the password was typed: refresh extends the 30-minute token
 * only within it, so a stolen token cannot be kept alive forever. A day: longer than 20 hours, the time limit JIS
 * X 8341-3 (WCAG 2.0 2.2.1) lets stand without an offer to extend it; an idle sign-in ends far sooner, with that
 * offer (`sessionStep`).
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 10_000;
export const SESSION_EXPIRY_MARGIN_MS = 50_000;
export const REFRESH_MIN_LIFETIME_MS = 5 * 60 * 1000;
export const ACTIVITY_WINDOW_MS = 5 * 60 * 1000;
export const ACTIVITY_THROTTLE_MS = 300;
export const HTTP_TIMEOUT_MS = 10_000;
export const TOAST_DURATION_S = 5;

/** Elapsed token lifetime past 30 minutes minus 50 s: the session has expired. */
export function isSessionExpired(tokenIssuedAtMs: number, nowMs: number): boolean {
  return nowMs > sessionEndsAt(tokenIssuedAtMs);
}

/** The last instant of a token's session on the client: past it, `isSessionExpired`. */
export function sessionEndsAt(tokenIssuedAtMs: number): number {
  return tokenIssuedAtMs + TOKEN_LIFETIME_MS - SESSION_EXPIRY_MARGIN_MS;
}

/** Refresh once the token has lived 5 minutes, if the user was active in the last 5 minutes or the tab is visible. */
export function shouldRefreshToken(args: {
  tokenIssuedAtMs: number;
  lastActivityMs: number;
  nowMs: number;
  isTabVisible: boolean;
}): boolean {
  const lifetime = args.nowMs - args.tokenIssuedAtMs;
  if (lifetime < REFRESH_MIN_LIFETIME_MS) return false;
  if (isSessionExpired(args.tokenIssuedAtMs, args.nowMs)) return false;
  return args.isTabVisible || args.nowMs - args.lastActivityMs <= ACTIVITY_WINDOW_MS;
}

/**
 * How long before an idle session ends the user is told when it will end and offered to extend it. WCAG 2.2.1
 * (JIS X 8341-3) asks for at least 20 s to answer: the check that shows the warning may come one interval late,
 * and a browser wakes a background tab's timers only once a minute, so two minutes leave at least one.
 */
export const SESSION_WARNING_LEAD_MS = 2 * 60 * 1000;

/** What a session check does: end the session, refresh the token, warn of the coming end, or nothing yet. */
export type SessionStep = 'expired' | 'refresh' | 'warn' | 'wait';

/**
 * The session check's step. A token that will be refreshed (an active user, a visible tab) needs no warning; an
 * idle one is warned of from `SESSION_WARNING_LEAD_MS` before its end until it ends.
 */
export function sessionStep(args: {
  tokenIssuedAtMs: number;
  lastActivityMs: number;
  nowMs: number;
  isTabVisible: boolean;
}): SessionStep {
  if (isSessionExpired(args.tokenIssuedAtMs, args.nowMs)) return 'expired';
  if (shouldRefreshToken(args)) return 'refresh';
  return args.nowMs >= sessionEndsAt(args.tokenIssuedAtMs) - SESSION_WARNING_LEAD_MS ? 'warn' : 'wait';
}

/** Claims of the token the server signs (ruling 5). */
export interface TokenClaims {
  sub: string;
  userId: number;
  adminId?: number;
  authorities: string[];
  subNum?: string | null;
  ediKey?: string | null;
  /** The sign-in (user_sessions row) the token belongs to: the admin's own while acting for an operator. */
  sid?: string;
  exp: number;
  iat?: number;
}

export function rolesFromAuthorities(authorities: readonly string[]): string[] {
  return authorities.map((a) => a.replace(/^ROLE_/, ''));
}

export const PUBLIC_PATHS = [
  paths.login.path,
  paths.resetPassword.path,
  paths.createAccount.path,
  paths.accountCreation.path,
  paths.userRegistration.path,
  paths.accessibility.path,
] as const;

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

/** Public pages open to every session too, whatever its role: the accessibility statement. */
const OPEN_PATHS: readonly string[] = [paths.accessibility.path];

export type GuardDecision = { redirect: string } | { allow: true };

/**
 * Pages an administrator uses as itself, without acting for an operator: the operator selection, and the pages
 * that concern no one operator it could act for (the approval of self-registered transport companies, support's
 * inquiry view, the notices it writes for everyone, the chat inbox of every discharger).
 */
export const ADMIN_OWN_PATHS = [
  paths.accountSelection.path,
  paths.transportApproval.path,
  paths.inquiryAdmin.path,
  paths.noticeAdmin.path,
  paths.chatAdmin.path,
  paths.operations.path,
] as const;

export function isAdminOwnPath(pathname: string): boolean {
  return (ADMIN_OWN_PATHS as readonly string[]).includes(pathname);
}

/**
 * Whether a page belongs in the menus of this session. An administrator that has not chosen an operator is sent
 * back to the selection from every other page (decideRoute), so its menus offer only the pages it uses as itself.
 */
export function isMenuPathReachable(
  pathname: string,
  session: { roles: readonly string[]; adminId?: number | null },
): boolean {
  const isChoosing = session.roles.includes('ADMIN') && session.adminId == null;
  return !isChoosing || isAdminOwnPath(pathname);
}

/** Route guard of section 6: where a visit to `pathname` goes for the given session. */
export function decideRoute(args: {
  pathname: string;
  isSignedIn: boolean;
  roles: readonly string[];
  adminId?: number | null;
}): GuardDecision {
  const { pathname, isSignedIn, roles } = args;
  if (OPEN_PATHS.includes(pathname)) return { allow: true };
  if (!isSignedIn) {
    return isPublicPath(pathname) ? { allow: true } : { redirect: '/login' };
  }
  const isAdmin = roles.includes('ADMIN');
  const isActing = args.adminId != null;
  // A driver has its day only; nobody else has a driver's day.
  if (roles.includes('DRIVER'))
    return pathname === paths.driverDay.path ? { allow: true } : { redirect: paths.driverDay.path };
  if (pathname === paths.driverDay.path) return { redirect: '/' };
  if (pathname === '/login') return { redirect: '/' };
  if (isAdmin && !isActing) {
    return isAdminOwnPath(pathname) ? { allow: true } : { redirect: '/account-selection' };
  }
  if (pathname === '/account-selection') return { redirect: '/' };
  return { allow: true };
}

/**
 * The response header with which every API answer tells the server's business instant (ISO), so the web app's
 * "today" follows the server's business clock (JUNKAN_CLOCK) rather than the machine it runs on.
 */
export const BUSINESS_TIME_HEADER = 'x-business-time';
