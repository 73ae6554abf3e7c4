import fastifyJwt from '@fastify/jwt';
import type { Role, TransportApprovalStatus } from '@junkan/shared/enums';
import { computePermissions, type Permission } from '@junkan/shared/permissions';
import { rolesFromAuthorities, TOKEN_LIFETIME_MS, type TokenClaims } from '@junkan/shared/session';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { AuditSource } from '../lib/audit';
import { SessionCache, type SessionChange } from '../lib/session-cache';
import { TokenCache } from '../lib/token-cache';
import type { EventBus } from './events';

/** The event channel of session changes (`app.sessionChanged`): payloads are `SessionChange`s. */
export const SESSION_CHANGED = 'session_changed';

export function isSessionChange(v: unknown): v is SessionChange {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.sessionId === 'string' ||
    typeof o.userId === 'number' ||
    typeof o.companyId === 'number' ||
    o.all === true
  );
}

/**
 * What a service needs to know about who is calling: the session, an id for the audit trail and the company the call
 * is for. Services take this (or only the session), never a Fastify request, so jobs and tests can call them too.
 */
export interface Caller {
  id: string;
  session: Session;
  /**
   * The company the route declared (`config.company`, `CompanyUse`) as the auth hook resolved it. Read on a route
   * that declared none, it throws `CompanyNotDeclaredError` (a 500): the route must declare it.
   */
  readonly companyId: number;
}

/**
 * Which company a route's work is for, declared in its config (`company`) and resolved by the auth hook before the
 * handler; the handler passes `request.caller()` (or its `companyId`) down, and nothing reads the session's company.
 * - `'act'`: the call acts for the caller's company: its settings, its writes, its own screens. A caller without
 *   one (an admin acting for no company, an operator whose registration is not finished) is refused 403
 *   `forbidden`; the screens send an admin to pick an operator.
 * - `'read'`: the call reads, or looks a record up, within the caller's company. A caller without one is answered
 *   as for a company no row has (`NO_COMPANY`): an empty list, not found, never another company's rows.
 */
export type CompanyUse = 'act' | 'read';

/** The company of a `'read'` call whose caller has none: no row has it, so every lookup scoped to it finds nothing. */
const NO_COMPANY = -1;

/** A route read `caller().companyId` without declaring `config.company`: a programming error, answered 500. */
export class CompanyNotDeclaredError extends Error {
  readonly code = 'company_not_declared';
  constructor(route: string) {
    super(`company_not_declared: ${route} reads the caller's company without declaring config.company`);
  }
}

/** The auth hook's one resolution of `CompanyUse`: undefined when the route declared none, 403 as documented. */
export function companyOfCall(
  use: CompanyUse | undefined,
  session: Pick<Session, 'companyId'>,
): number | undefined {
  if (!use) return undefined;
  if (session.companyId != null) return session.companyId;
  if (use === 'act') throw new AppError('forbidden', 'Forbidden');
  return NO_COMPANY;
}

/** The `Caller` of a request: its `companyId` is the resolved company, or throws when the route declared none. */
export function callerOf(id: string, session: Session, companyId: number | undefined, route: string): Caller {
  return {
    id,
    session,
    get companyId() {
      if (companyId === undefined) throw new CompanyNotDeclaredError(route);
      return companyId;
    },
  };
}

/**
 * Who a public call's writes (sign-in, sign-up, activation, reset) are audited as: the request id, and the
 * session when the call came with a live token.
 */
export function auditSourceOf(request: FastifyRequest): AuditSource {
  return { id: request.id, session: request.session };
}

/** The operator's own role in a session (an acting admin holds ADMIN plus the operator's role). */
export function operatorRole(session: Pick<Session, 'roles'>): Role {
  return session.roles.find((r) => r !== 'ADMIN') ?? 'ADMIN';
}

/** Who is asking: the operator a call acts as, and the admin behind it when one acts for an operator. */
export interface Session {
  userId: number;
  email: string;
  roles: Role[];
  adminId?: number;
  /** The sign-in the token belongs to (the admin's own while acting): sign-out and refresh keep it. */
  sessionId: string;
  companyId: number | null;
  permissions: Permission[];
  /** The operator's transport company's approval state; null for other roles. */
  transportApproval: TransportApprovalStatus | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    /**
     * The signed-in caller, for services: its session, the request id its writes are audited with, and the
     * company the route declared (`config.company`).
     */
    caller(): Caller;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /** Permission key the caller must hold. */
    permission?: Permission;
    /** The operator role the caller must act in (an acting admin acts in the operator's role). */
    role?: Role;
    /** Which company the call is for (`CompanyUse`): resolved once, read as `request.caller().companyId`. */
    company?: CompanyUse;
  }
  interface FastifyInstance {
    /**
     * Announces, after its transaction committed, a change that ends or alters sessions (sign-out, password,
     * disabling, deletion, grants, approval): every process drops the sessions it cached for it.
     */
    sessionChanged(change: SessionChange): Promise<void>;
    signSessionToken(user: TokenUser, sessionId: string, adminId?: number): string;
    requireSession(request: FastifyRequest): Session;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<TokenClaims, 'exp' | 'iat'>;
    user: TokenClaims;
  }
}

export interface TokenUser {
  id: number;
  email: string;
  role: Role;
  registrantNumber: string | null;
  ediKey: string | null;
}

/** The session query; prepared once per database (it runs before nearly every call). The bench reads its SQL. */
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
type SessionQuery = ReturnType<ReturnType<typeof sessionQuery>['prepare']>;
const sessionQueries = new WeakMap<Database, SessionQuery>();

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

type AccessRow = NonNullable<Awaited<ReturnType<SessionQuery['execute']>>[number]>;

/** The user row behind a token (or a standing credential) with its grants, company approval and sign-in. */
async function accessRow(
  db: Database,
  who: { userId: number; adminId: number | null; sid: string },
): Promise<AccessRow | undefined> {
  let query = sessionQueries.get(db);
  if (!query) {
    query = sessionQuery(db).prepare('junkan_load_session');
    sessionQueries.set(db, query);
  }
  // The sign-in belongs to the admin while an admin acts for an operator.
  const [row] = await query.execute({
    userId: who.userId,
    adminId: who.adminId,
    sid: who.sid,
    owner: who.adminId ?? who.userId,
  });
  return row;
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
async function readSession(
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

/**
 * Every /api route needs a valid token unless its config says `public: true`,
 * the permission key in its config when it names one, and the operator role when it names one; the company it
 * declares (`company`, `CompanyUse`) is resolved here once, for `request.caller()`.
 */
export const authPlugin = fp<{ secret: string; db: Database; events: EventBus; sessionCacheMs: number }>(
  async (app, opts) => {
    await app.register(fastifyJwt, {
      secret: opts.secret,
      sign: { expiresIn: Math.floor(TOKEN_LIFETIME_MS / 1000), algorithm: 'HS256' },
      verify: { algorithms: ['HS256'] },
    });
    app.decorateRequest('session', null);
    // The company each call is for, as the hook resolved it from the route's `config.company`.
    const companies = new WeakMap<FastifyRequest, number>();
    app.decorateRequest('caller', function (this: FastifyRequest): Caller {
      if (!this.session) throw new AppError('unauthorized', 'Unauthorized');
      return callerOf(this.id, this.session, companies.get(this), this.routeOptions.url ?? this.url);
    });
    // A company is a signed-in caller's: a public route cannot declare one.
    app.addHook('onRoute', (route) => {
      if (route.config?.company && route.config.public)
        throw new Error(`${route.method} ${route.url}: a public route declares no company`);
    });

    app.decorate('signSessionToken', (user: TokenUser, sessionId: string, adminId?: number) => {
      const authorities = adminId != null ? ['ROLE_ADMIN', `ROLE_${user.role}`] : [`ROLE_${user.role}`];
      return app.jwt.sign({
        sub: user.email,
        userId: user.id,
        ...(adminId != null ? { adminId } : {}),
        authorities,
        subNum: user.registrantNumber,
        ediKey: user.ediKey,
        sid: sessionId,
      });
    });

    const cache = new SessionCache<Session>(opts.sessionCacheMs);
    // Verified tokens for as long as sessions are cached: a client's next calls skip the signature check.
    const tokens = new TokenCache<TokenClaims>(opts.sessionCacheMs);
    const unsubscribe = opts.events.subscribe(SESSION_CHANGED, (payload) => {
      cache.drop(isSessionChange(payload) ? payload : { all: true });
    });
    // Changes announced while the events connection was down were missed: start afresh.
    const unsubscribeMissed = opts.events.onMissed(() => cache.drop({ all: true }));
    app.addHook('onClose', async () => {
      unsubscribe();
      unsubscribeMissed();
    });
    app.decorate('sessionChanged', async (change: SessionChange) => {
      try {
        await opts.events.publish(SESSION_CHANGED, change);
      } catch (err) {
        // Already dropped here; the other processes catch up when their cache entries expire.
        app.log.warn({ err, change }, 'session change not announced to the other processes');
      }
    });

    app.decorate('requireSession', (request: FastifyRequest) => {
      if (!request.session) throw new AppError('unauthorized', 'Unauthorized');
      return request.session;
    });

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
      if (request.routeOptions.url === undefined) return;
      const authorization = request.headers.authorization;
      const hasBearer = authorization?.startsWith('Bearer ');
      if (config.public && !hasBearer) return;
      if (!authorization || !hasBearer) throw new AppError('unauthorized', 'Unauthorized');
      let claims: TokenClaims;
      try {
        claims = await tokens.get(authorization, () => request.jwtVerify<TokenClaims>());
      } catch {
        if (config.public) return;
        throw new AppError('unauthorized', 'Unauthorized');
      }
      const sid = claims.sid;
      request.session =
        typeof sid === 'string' && sid
          ? await cache.get(SessionCache.keyOf({ ...claims, sid }), () => readSession(opts.db, claims))
          : null;
      if (!request.session && !config.public) throw new AppError('unauthorized', 'Unauthorized');
      if (config.permission && !request.session?.permissions.includes(config.permission)) {
        throw new AppError('forbidden', 'Forbidden');
      }
      if (config.role && (!request.session || operatorRole(request.session) !== config.role)) {
        throw new AppError('forbidden', 'Forbidden');
      }
      if (config.company && request.session) {
        companies.set(request, companyOfCall(config.company, request.session)!);
      }
    });
  },
);
