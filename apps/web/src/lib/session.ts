import type { Role } from '@junkan/shared/enums';
import { APP_BASE, paths } from '@junkan/shared/paths';
import {
  ACTIVITY_THROTTLE_MS,
  isPublicPath,
  isSessionExpired,
  rolesFromAuthorities,
  type TokenClaims,
} from '@junkan/shared/session';
import { wipeKeptInput } from '../components/form/kept-input';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from './storage-keys';

/** Decodes the JWT payload (base64url JSON). No signature check: the server does that. */
export function decodeToken(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<TokenClaims>;
    if (typeof claims !== 'object' || claims === null) return null;
    return {
      sub: String(claims.sub ?? ''),
      userId: Number(claims.userId),
      adminId: claims.adminId ?? undefined,
      authorities: Array.isArray(claims.authorities) ? claims.authorities : [],
      subNum: claims.subNum ?? null,
      ediKey: claims.ediKey ?? null,
      exp: Number(claims.exp),
      iat: claims.iat,
    };
  } catch {
    return null;
  }
}

export interface SessionSnapshot {
  token: string | null;
  claims: TokenClaims | null;
  roles: Role[];
  adminId: number | null;
  isSignedIn: boolean;
  /** An admin acting for an operator still holds the admin's own token. */
  hasAdminToken: boolean;
}

const SESSION_CHANGED = 'junkan:session-changed';
const read = (key: string) => localStorage.getItem(key);
const notify = () => window.dispatchEvent(new Event(SESSION_CHANGED));

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function getTokenIssuedAt(): number | null {
  const value = Number(read(STORAGE_KEYS.tokenIssuedAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Stores a token and when this client received it: lifetime is counted on the local clock, which may differ from the server's. */
export function setToken(token: string, nowMs = Date.now()): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.tokenIssuedAt, String(nowMs));
  stampActivity(nowMs, true);
  notify();
}

/** The users a token speaks for: its user, and the admin acting for it. */
function usersOf(token: string | null): number[] {
  const claims = token ? decodeToken(token) : null;
  if (!claims) return [];
  return [claims.userId, claims.adminId].filter((id): id is number => Number.isInteger(id));
}

/**
 * Ends the session in this tab: the tokens go, and with them the input this tab kept unsent for their users
 * (the kept-input kit's keys in sessionStorage), so that whoever signs in next does not find it.
 */
export function clearSession(): void {
  wipeKeptInput([...usersOf(getToken()), ...usersOf(read(STORAGE_KEYS.adminToken))]);
  for (const key of SESSION_STORAGE_KEYS) localStorage.removeItem(key);
  notify();
}

/** Before an admin takes an operator's token, keep the admin's own so the header can switch back. */
export function keepAdminToken(): void {
  const token = getToken();
  if (!token || read(STORAGE_KEYS.adminToken)) return;
  localStorage.setItem(STORAGE_KEYS.adminToken, token);
  localStorage.setItem(STORAGE_KEYS.adminTokenIssuedAt, String(getTokenIssuedAt() ?? Date.now()));
}

export function getAdminToken(): { token: string; issuedAt: number } | null {
  const token = read(STORAGE_KEYS.adminToken);
  const issuedAt = Number(read(STORAGE_KEYS.adminTokenIssuedAt));
  return token ? { token, issuedAt: Number.isFinite(issuedAt) && issuedAt > 0 ? issuedAt : 0 } : null;
}

export function setAdminToken(token: string, nowMs = Date.now()): void {
  localStorage.setItem(STORAGE_KEYS.adminToken, token);
  localStorage.setItem(STORAGE_KEYS.adminTokenIssuedAt, String(nowMs));
}

/** The users a token speaks for who are gone from the next one: all of them when there is none. */
function usersLeaving(token: string | null, next: string | null): number[] {
  const staying = usersOf(next);
  return usersOf(token).filter((id) => !staying.includes(id));
}

/**
 * Puts the admin's own token back: the operator acted for leaves this tab, and the input kept unsent for it with
 * it (the admin's own stays). False when there is none or it has expired.
 */
export function restoreAdminToken(nowMs = Date.now()): boolean {
  const admin = getAdminToken();
  const leaving = usersLeaving(getToken(), admin?.token ?? null);
  if (leaving.length > 0) wipeKeptInput(leaving);
  localStorage.removeItem(STORAGE_KEYS.adminToken);
  localStorage.removeItem(STORAGE_KEYS.adminTokenIssuedAt);
  if (!admin || isSessionExpired(admin.issuedAt, nowMs)) return false;
  localStorage.setItem(STORAGE_KEYS.token, admin.token);
  localStorage.setItem(STORAGE_KEYS.tokenIssuedAt, String(admin.issuedAt));
  stampActivity(nowMs, true);
  notify();
  return true;
}

let lastStampMs = 0;
/** Stamps the last user activity, at most once per ACTIVITY_THROTTLE_MS. */
export function stampActivity(nowMs = Date.now(), force = false): void {
  if (!force && nowMs - lastStampMs < ACTIVITY_THROTTLE_MS) return;
  lastStampMs = nowMs;
  localStorage.setItem(STORAGE_KEYS.lastActivity, String(nowMs));
}

export function getLastActivity(): number {
  const value = Number(read(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) ? value : 0;
}

let cached: SessionSnapshot | null = null;
let cachedKey = '';

export function getSessionSnapshot(): SessionSnapshot {
  const token = getToken();
  const hasAdminToken = read(STORAGE_KEYS.adminToken) !== null;
  const key = `${token ?? ''}|${hasAdminToken}`;
  if (cached && key === cachedKey) return cached;
  const claims = token ? decodeToken(token) : null;
  cachedKey = key;
  cached = {
    token: claims ? token : null,
    claims,
    roles: claims ? (rolesFromAuthorities(claims.authorities) as Role[]) : [],
    adminId: claims?.adminId ?? null,
    isSignedIn: claims !== null,
    hasAdminToken,
  };
  return cached;
}

/** Subscribes to session changes in this tab and in the others (storage event). */
export function subscribeSession(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // Signed out, or back from acting for an operator, in another tab (sessionStorage is this tab's own): the input
    // kept here for the users that sign-in no longer speaks for goes too. A refreshed token keeps its users.
    if (event.key === STORAGE_KEYS.token) {
      const leaving = usersLeaving(event.oldValue, event.newValue);
      if (event.newValue === null || leaving.length > 0) wipeKeptInput(leaving);
    }
    if (event.key === null || (SESSION_STORAGE_KEYS as readonly string[]).includes(event.key)) onChange();
  };
  window.addEventListener(SESSION_CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The router path of the current page, without the /sys base. */
export function currentAppPath(): string {
  const path = window.location.pathname;
  if (path === APP_BASE) return '/';
  return path.startsWith(`${APP_BASE}/`) ? path.slice(APP_BASE.length) : path;
}

export function isOnPublicPage(): boolean {
  return isPublicPath(currentAppPath());
}

/** A full reload to the login page, so no state of the old session survives. */
export function redirectToLogin(): void {
  window.location.assign(`${APP_BASE}${paths.login.to()}`);
}
