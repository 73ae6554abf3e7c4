import { randomBytes } from 'node:crypto';
import type { Driver, driverCreateSchema, driverUpdateSchema } from '@junkan/shared/api/drivers';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { companies, users, vehicles } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password';
import { revokeAllUserSessions } from '../../lib/user-sessions';
import type { Caller } from '../../plugins/auth';
import {
  ACTIVATION_TOKEN_TTL_MS,
  expireLiveTokens,
  issuePasswordResetLink,
} from '../account-core/email-links';
import { mailDriverInvitation } from './dispatch-mails';
import { assignableVehicle } from './vehicles.service';

type CreateBody = z.output<typeof driverCreateSchema>;
type UpdateBody = z.output<typeof driverUpdateSchema>;

const notFound = () => new AppError('driver_not_found', 'Driver not found');

/**
 * Whether a driver has set its password: it was made without an invitation (the demo's), or used one. A driver
 * the office invited and that has not answered yet is not: its account is not enabled, and enabling it means
 * inviting it again.
 */
// Written out in SQL: drizzle leaves columns unqualified in a one-table select, where a subquery would read them
// as its own table's.
export const activatedSql = sql<boolean>`(users.enabled
  or not exists (select 1 from email_tokens t where t.user_id = users.id and t.purpose = 'INVITATION')
  or exists (select 1 from email_tokens t where t.user_id = users.id and t.purpose = 'INVITATION'
    and t.used_at is not null))`;

/** The company's drivers: users of role DRIVER of its company, not deleted. */
export const driverOfCompany = (companyId: number): SQL =>
  and(eq(users.companyId, companyId), eq(users.role, 'DRIVER'), isNull(users.deletedAt))!;

/** GET /trans/drivers (and one driver by id). */
export async function listDrivers(db: DbOrTx, companyId: number, id?: number): Promise<Driver[]> {
  const rows = await db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      vehicleId: users.vehicleId,
      vehicleName: vehicles.name,
      enabled: users.enabled,
      activated: activatedSql,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .leftJoin(vehicles, eq(vehicles.id, users.vehicleId))
    .where(and(driverOfCompany(companyId), id === undefined ? undefined : eq(users.id, id)))
    .orderBy(asc(users.userName), asc(users.id));
  return rows.map((r) => ({
    ...r,
    vehicleName: r.vehicleName ?? null,
    activated: Boolean(r.activated),
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
  }));
}

async function driverOf(db: DbOrTx, companyId: number, id: number): Promise<Driver> {
  const [driver] = await listDrivers(db, companyId, id);
  if (!driver) throw notFound();
  return driver;
}

/** A taken address is the field's error, as everywhere an address is registered (two saves at once included). */
function mapDriverConflict(err: unknown): never {
  if (uniqueViolation(err) === 'users_email_unique') throw fieldError('email', 'MSG_04_1');
  throw err;
}

/** Issues a driver's invitation (the password page's link, 72 hours) and writes its mail in `tx`. */
async function invite(
  app: FastifyInstance,
  tx: Tx,
  companyId: number,
  driver: { id: number; email: string; userName: string },
) {
  const link = await issuePasswordResetLink(app, tx, driver.id, ACTIVATION_TOKEN_TTL_MS, 'INVITATION');
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  await mailDriverInvitation(app, tx, { ...driver, companyName: company?.name ?? '', link });
}

/**
 * POST /trans/drivers: a DRIVER of the caller's company, not enabled until it sets its password from the
 * invitation mailed now (written in the same transaction: the mail goes out only if the driver is made).
 */
export async function createDriver(app: FastifyInstance, caller: Caller, body: CreateBody): Promise<Driver> {
  const { companyId } = caller;
  const email = body.email.toLowerCase();
  // Random and never told: nobody signs in until the driver sets a password from the mail.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    const id = await app.db.transaction(async (tx) => {
      const taken = await tx.query.users.findFirst({ columns: { id: true }, where: eq(users.email, email) });
      if (taken) throw fieldError('email', 'MSG_04_1');
      if (body.vehicleId != null) await assignableVehicle(tx, companyId, body.vehicleId);
      const [row] = await tx
        .insert(users)
        .values({
          email,
          userName: body.userName,
          passwordHash,
          role: 'DRIVER',
          companyId,
          vehicleId: body.vehicleId,
          enabled: false,
        })
        .returning({ id: users.id });
      const driver = { id: row!.id, email, userName: body.userName };
      await invite(app, tx, companyId, driver);
      await recordAudit(tx, caller, {
        action: 'create_driver',
        entity: 'user',
        entityId: driver.id,
        detail: { companyId, vehicleId: body.vehicleId },
      });
      return driver.id;
    });
    return await driverOf(app.db, companyId, id);
  } catch (err) {
    mapDriverConflict(err);
  }
}

/**
 * PUT /trans/drivers/{id}: the name, the usual vehicle (an active one of the company, checked when it changes)
 * and the account. `enabled: false` stops an enabled driver: its sign-ins end at once and its mailed links lapse.
 * `enabled: true` restarts a stopped one; for a driver that never set its password it mails a new invitation
 * (the account stays disabled until it is used). A driver still invited keeps its invitation on `false`.
 */
export async function updateDriver(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  body: UpdateBody,
): Promise<Driver> {
  const { companyId } = caller;
  const outcome = await app.db.transaction(async (tx) => {
    const [driver] = await tx
      .select({
        id: users.id,
        email: users.email,
        userName: users.userName,
        vehicleId: users.vehicleId,
        enabled: users.enabled,
        activated: activatedSql,
      })
      .from(users)
      .where(and(eq(users.id, id), driverOfCompany(companyId)))
      .for('update');
    if (!driver) throw notFound();
    if (body.vehicleId != null && body.vehicleId !== driver.vehicleId)
      await assignableVehicle(tx, companyId, body.vehicleId);
    const activated = Boolean(driver.activated);
    const stop = driver.enabled && !body.enabled;
    const restart = !driver.enabled && body.enabled && activated;
    const reinvite = !driver.enabled && body.enabled && !activated;
    await tx
      .update(users)
      .set({
        userName: body.userName,
        vehicleId: body.vehicleId,
        ...(stop || restart ? { enabled: body.enabled } : {}),
        updatedAt: app.now(),
      })
      .where(eq(users.id, id));
    if (stop) {
      await revokeAllUserSessions(tx, id);
      await expireLiveTokens(tx, id);
    }
    if (reinvite) {
      await expireLiveTokens(tx, id);
      await invite(app, tx, companyId, { ...driver, userName: body.userName });
    }
    await recordAudit(tx, caller, {
      action: 'update_driver',
      entity: 'user',
      entityId: id,
      detail: {
        vehicleId: body.vehicleId,
        renamed: body.userName !== driver.userName,
        ...(stop ? { stopped: true } : restart ? { restarted: true } : reinvite ? { invited: true } : {}),
      },
    });
    return { stop };
  });
  // Its sessions cached by every process end with the sign-ins.
  if (outcome.stop) await app.sessionChanged({ userId: id });
  return driverOf(app.db, companyId, id);
}
