import type { CompanyType } from '@junkan/shared/enums';
import { and, asc, eq, exists, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, projects, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../plugins/auth';

/** Companies of a type that have an enabled operator account an admin can act for. */
export async function listCompaniesForSelection(app: FastifyInstance, type: CompanyType) {
  return app.db
    .select({ id: companies.id, name: companies.name, type: companies.type })
    .from(companies)
    .where(
      and(
        eq(companies.type, type),
        exists(
          app.db
            .select({ one: users.id })
            .from(users)
            .where(and(eq(users.companyId, companies.id), eq(users.enabled, true), eq(users.role, type))),
        ),
      ),
    )
    .orderBy(asc(companies.name), asc(companies.id));
}

/**
 * A token for the company's first operator account, carrying the acting admin's id. Acting is one level, from the
 * admin's own sign-in: a token that already acts for an operator never gets another (the admin switches back to
 * its own token first, as the web app's operator switch does).
 */
export async function issueOperatorToken(
  app: FastifyInstance,
  caller: Caller,
  companyId: number,
  isTransport: boolean,
) {
  const { session } = caller;
  if (session.adminId != null)
    throw new AppError('acting_admin_own_sign_in_required', 'Acting tokens are issued to the admin only');
  const role = isTransport ? 'TRANSPORT' : 'WASTE';
  const [operator] = await app.db
    .select()
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.enabled, true),
        eq(users.role, role),
        eq(companies.type, role),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  if (!operator) throw new AppError('not_found', 'Operator not found');
  const adminId = session.userId;
  await recordAudit(app.db, caller, {
    action: 'act_for_operator',
    entity: 'company',
    entityId: companyId,
    detail: { operatorUserId: operator.users.id, adminId },
  });
  // The operator's token belongs to the admin's sign-in: the admin's sign-out or password change ends it.
  return { token: app.signSessionToken(operator.users, session.sessionId, adminId) };
}

/** Discharger companies whose projects a transport company serves (the transporter's company selector). */
export async function listServedCompanies(app: FastifyInstance, transportCompanyId: number) {
  const served = app.db
    .selectDistinct({ id: projects.companyId })
    .from(projects)
    .where(eq(projects.transportCompanyId, transportCompanyId));
  return app.db
    .select({ id: companies.id, name: companies.name, type: companies.type })
    .from(companies)
    .where(inArray(companies.id, served))
    .orderBy(asc(companies.name), asc(companies.id));
}
