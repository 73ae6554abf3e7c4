import fastifyJwt from '@fastify/jwt';
import {
  computePermissions,
  type Permission,
  type Role,
  rolesFromAuthorities,
  TOKEN_LIFETIME_MS,
  type TokenClaims,
} from '@junkan/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { userPermissionGrants, users } from '../db/schema';
import { AppError } from '../lib/app-error';

/** Who is asking: the operator a call acts as, and the admin behind it when one acts for an operator. */
export interface Session {
  userId: number;
  email: string;
  roles: Role[];
  adminId?: number;
  companyId: number | null;
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /** Permission key the caller must hold. */
    permission?: Permission;
  }
  interface FastifyInstance {
    signSessionToken(user: TokenUser, adminId?: number): string;
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

/** Loads the user behind a token and the permission keys it holds now (a disabled user has none). */
export async function loadSession(db: Database, claims: TokenClaims): Promise<Session | null> {
  const user = await db.query.users.findFirst({ where: eq(users.id, claims.userId) });
  if (!user?.enabled) return null;
  const roles = rolesFromAuthorities(claims.authorities) as Role[];
  if (claims.adminId != null) {
    const admin = await db.query.users.findFirst({ where: eq(users.id, claims.adminId) });
    if (!admin?.enabled || admin.role !== 'ADMIN') return null;
  } else if (!roles.includes(user.role)) {
    return null;
  }
  const grants = await db
    .select({ permission: userPermissionGrants.permission })
    .from(userPermissionGrants)
    .where(eq(userPermissionGrants.userId, user.id));
  const permissions = computePermissions({
    roles,
    hasSubscriberNumber: !!user.registrantNumber,
    hasEdiKey: !!user.ediKey,
    collectionRequestEnabled: user.collectionRequestEnabled,
    grants: grants.map((g) => g.permission as Permission),
  });
  return {
    userId: user.id,
    email: user.email,
    roles,
    adminId: claims.adminId ?? undefined,
    companyId: user.companyId,
    permissions,
  };
}

/**
 * Every /api route needs a valid token unless its config says `public: true`,
 * and the permission key in its config when it names one.
 */
export const authPlugin = fp<{ secret: string; db: Database }>(async (app, opts) => {
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { expiresIn: Math.floor(TOKEN_LIFETIME_MS / 1000), algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('session', null);

  app.decorate('signSessionToken', (user: TokenUser, adminId?: number) => {
    const authorities = adminId != null ? ['ROLE_ADMIN', `ROLE_${user.role}`] : [`ROLE_${user.role}`];
    return app.jwt.sign({
      sub: user.email,
      userId: user.id,
      ...(adminId != null ? { adminId } : {}),
      authorities,
      subNum: user.registrantNumber,
      ediKey: user.ediKey,
    });
  });

  app.decorate('requireSession', (request: FastifyRequest) => {
    if (!request.session) throw new AppError('unauthorized', 'Unauthorized');
    return request.session;
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.url === undefined) return;
    const hasBearer = request.headers.authorization?.startsWith('Bearer ');
    if (config.public && !hasBearer) return;
    if (!hasBearer) throw new AppError('unauthorized', 'Unauthorized');
    let claims: TokenClaims;
    try {
      claims = await request.jwtVerify<TokenClaims>();
    } catch {
      if (config.public) return;
      throw new AppError('unauthorized', 'Unauthorized');
    }
    request.session = await loadSession(opts.db, claims);
    if (!request.session && !config.public) throw new AppError('unauthorized', 'Unauthorized');
    if (config.permission && !request.session?.permissions.includes(config.permission)) {
      throw new AppError('forbidden', 'Forbidden');
    }
  });
});
