import type { Role, TransportApprovalStatus } from '@junkan/shared/enums';
import { computePermissions, type Permission } from '@junkan/shared/permissions';
import { rolesFromAuthorities, type TokenClaims } from '@junkan/shared/session';
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryArrays, type RawStatement } from '../db/raw-statement';
import { users } from '../db/schema';
import type { Session } from './auth';

// The session behind a token, read from the database: the user, its grants, its company's approval and its
// sign-in, in one statement that runs before nearly every call (the auth hook caches it for `SESSION_CACHE_MS`).

/** The session query (its SQL, run by `accessRow`; the bench reads it too), its columns in `AccessRow`'s order. */
export function sessionQuery(db: Database) {
  // One query for the user, its grants, its sign-in and (when acting) the admin.
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      enabled: users.enabled,
      deletedAt: users.deletedAt,
      companyId: users.companyId,
      registrantNumber: users.registrantNumber,
      ediKey: users.ediKey,
      collectionRequestEnabled: users.collectionRequestEnabled,
      // Written out in SQL: drizzle leaves columns unqualified in a one-table select.
      grants: sql<
        string[] | null
      >`(select array_agg(g.permission) from user_permission_grants g where g.user_id = users.id)`,
      // Null without a company: an activated transporter that never registered is not approved either.
      approvalStatus: sql<TransportApprovalStatus | null>`(select c.approval_status from companies c where c.id = users.company_id)`,
      isAdminActive: sql<boolean>`exists (select 1 from users a where a.id = ${sql.placeholder('adminId')} and a.enabled and a.deleted_at is null and a.role = 'ADMIN')`,
      // Epoch milliseconds; null when the sign-in is not live. The cache keeps no session past it.
      signInEndsAt: sql<
        number | null
      >`(select (extract(epoch from s.expires_at) * 1000)::float8 from user_sessions s where s.id = ${sql.placeholder('sid')} and s.user_id = ${sql.placeholder('owner')} and s.revoked_at is null and s.expires_at > now())`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')));
}

/**
 * The session load as the driver runs it (`queryArrays`: a named statement on PostgreSQL, read by position), built
 * once per database from `sessionQuery`'s SQL: it runs before nearly every call, and the ORM's row mapping showed in
 * the request path's profile.
 */
const sessionStatements = new WeakMap<Database, RawStatement & { params: unknown[] }>();

/** The user row behind a token (or a standing credential), in `sessionQuery`'s column order. */
interface AccessRow {
  id: number;
  email: string;
  role: Role;
  enabled: boolean;
  deletedAt: unknown;
  companyId: number | null;
  registrantNumber: string | null;
  ediKey: string | null;
  collectionRequestEnabled: boolean;
  grants: string[] | null;
  approvalStatus: TransportApprovalStatus | null;
  isAdminActive: boolean;
  signInEndsAt: number | null;
}

/**
 * Loads the user behind a token and the permission keys it holds now (a disabled user has none).
 * The token's sign-in must still be live: not signed out, not ended by a password change, not past its
 * absolute lifetime. Tokens from before sign-ins were recorded carry no `sid` and are refused.
 */
export async function loadSession(db: Database, claims: TokenClaims): Promise<Session | null> {
  return (await readSession(db, claims))?.session ?? null;
}

/**
 * The session read again from the database, for a connection that outlives its token (the chat streams):
 * null once the sign-in has ended or the user was disabled. The token's own expiry is not looked at again:
 * the client refreshes it within the sign-in, which is what is checked.
 */
export function reloadSession(db: Database, session: Session): Promise<Session | null> {
  return loadSession(db, {
    sub: session.email,
    userId: session.userId,
    adminId: session.adminId,
    authorities: session.roles.map((r) => `ROLE_${r}`),
    sid: session.sessionId,
    exp: 0,
  });
}

/** The user row behind a token (or a standing credential) with its grants, company approval and sign-in. */
export async function accessRow(
  db: Database,
  who: { userId: number; adminId: number | null; sid: string },
): Promise<AccessRow | undefined> {
  let statement = sessionStatements.get(db);
  if (!statement) {
    const { sql: text, params } = sessionQuery(db).toSQL();
    statement = { name: 'junkan_load_session', text, params };
    sessionStatements.set(db, statement);
  }
  // The sign-in belongs to the admin while an admin acts for an operator.
  const values = { userId: who.userId, adminId: who.adminId, sid: who.sid, owner: who.adminId ?? who.userId };
  const [r] = await queryArrays(db, statement, fillPlaceholders(statement.params, values));
  if (!r) return undefined;
  return {
    id: r[0] as number,
    email: r[1] as string,
    role: r[2] as Role,
    enabled: r[3] as boolean,
    deletedAt: r[4],
    companyId: r[5] as number | null,
    registrantNumber: r[6] as string | null,
    ediKey: r[7] as string | null,
    collectionRequestEnabled: r[8] as boolean,
    grants: r[9] as string[] | null,
    approvalStatus: r[10] as TransportApprovalStatus | null,
    isAdminActive: r[11] as boolean,
    signInEndsAt: r[12] as number | null,
  };
}

/** The permission keys a user row holds in these roles now (the one place they are computed from a row). */
function permissionsOf(row: AccessRow, roles: Role[]): Permission[] {
  return computePermissions({
    roles,
    hasSubscriberNumber: !!row.registrantNumber,
    hasEdiKey: !!row.ediKey,
    collectionRequestEnabled: row.collectionRequestEnabled,
    grants: (row.grants ?? []) as Permission[],
    isTransportApproved: row.approvalStatus === 'APPROVED',
  });
}

/** `loadSession`, with when the sign-in ends (its absolute lifetime), for the cache. */
export async function readSession(
  db: Database,
  claims: TokenClaims,
): Promise<{ session: Session; endsAt: number } | null> {
  if (typeof claims.sid !== 'string' || !claims.sid) return null;
  const row = await accessRow(db, {
    userId: claims.userId,
    adminId: claims.adminId ?? null,
    sid: claims.sid,
  });
  if (!row?.enabled || row.signInEndsAt == null) return null;
  const roles = rolesFromAuthorities(claims.authorities) as Role[];
  if (claims.adminId != null ? !row.isAdminActive : !roles.includes(row.role)) return null;
  const session: Session = {
    userId: row.id,
    email: row.email,
    roles,
    adminId: claims.adminId ?? undefined,
    sessionId: claims.sid,
    companyId: row.companyId,
    permissions: permissionsOf(row, roles),
    transportApproval: row.role === 'TRANSPORT' ? (row.approvalStatus ?? 'PENDING') : null,
  };
  return { session, endsAt: Number(row.signInEndsAt) };
}

/** What a user may do now outside any sign-in, by the rules a session follows. */
interface StandingAccess {
  companyId: number | null;
  permissions: Permission[];
}

/**
 * The access of whoever issued a credential that outlives its sign-in (a calendar feed's address), read again
 * at each use by the rules of a session: null once the user, or the admin who acted for it, is disabled or
 * deleted; otherwise the user's company and the keys it holds now (an acting admin's as while acting).
 */
export async function loadStandingAccess(
  db: Database,
  issuer: { userId: number; adminId: number | null },
): Promise<StandingAccess | null> {
  // No sign-in is asked for: the empty sid matches none.
  const row = await accessRow(db, { ...issuer, sid: '' });
  if (!row?.enabled || row.deletedAt != null) return null;
  if (issuer.adminId != null && !row.isAdminActive) return null;
  const roles: Role[] = issuer.adminId != null ? ['ADMIN', row.role] : [row.role];
  return { companyId: row.companyId, permissions: permissionsOf(row, roles) };
}
