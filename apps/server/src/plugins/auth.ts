import fastifyJwt from '@fastify/jwt';
import type { Role, TransportApprovalStatus } from '@junkan/shared/enums';
import type { Permission } from '@junkan/shared/permissions';
import { TOKEN_LIFETIME_MS, type TokenClaims } from '@junkan/shared/session';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { AuditSource } from '../lib/audit';
import { SessionCache, type SessionChange } from '../lib/session-cache';
import { TokenCache } from '../lib/token-cache';
import type { EventBus } from './events';
import { readSession } from './session-load';

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
