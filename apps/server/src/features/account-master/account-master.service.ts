import { randomBytes } from 'node:crypto';
import type {
  AdminUserDetail,
  AdminUserListItem,
  adminUserCreateSchema,
  adminUserListQuerySchema,
  adminUserUpdateSchema,
} from '@junkan/shared/api/account-master';
import {
  type AccountInfo,
  type DischargeSiteInfo,
  NEW_ENTRY_ID,
  type OfficeInfo,
} from '@junkan/shared/api/users';
import { and, asc, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { companies, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf } from '../../lib/paging';
import { hashPassword } from '../../lib/password';
import type { Caller, Session } from '../../plugins/auth';
import {
  assertKeysFree,
  createAccountCompany,
  getAccountInfo,
  insertAccountEntries,
  mapKeyConflict,
} from '../account-core/account-records';
import { ACTIVATION_TOKEN_TTL_MS, issuePasswordResetLink } from '../account-core/email-links';

type ListQuery = z.infer<typeof adminUserListQuerySchema>;
type UpdateInput = z.infer<typeof adminUserUpdateSchema>;
type CreateInput = z.infer<typeof adminUserCreateSchema>;

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Unique violations of a user write, as the field errors the form shows; anything else goes on. */
function mapUserConflict(err: unknown): never {
  if (uniqueViolation(err) === 'users_email_unique') throw fieldError('email', 'MSG_04_1');
  mapKeyConflict(err);
}

const sortColumns = {
  id: users.id,
  userName: users.userName,
  email: users.email,
  lastLoginAt: users.lastLoginAt,
} as const;

/**
 * The accounts the master keeps: not deleted, and not a transport company's drivers, which their company's office
 * keeps (features/dispatch): the master neither lists, opens, changes nor deletes one.
 */
const managedAccount = () => and(isNull(users.deletedAt), ne(users.role, 'DRIVER'))!;

/** GET /admin/users: accounts not deleted; keyWord matches the name, the email or the company name. */
export async function listAdminUsers(db: DbOrTx, query: ListQuery) {
  const conditions: SQL[] = [managedAccount()];
  if (query.keyWord) {
    const p = containsPattern(query.keyWord);
    conditions.push(or(ilike(users.userName, p), ilike(users.email, p), ilike(companies.name, p))!);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  const where = and(...conditions);
  const by = query.order === 'desc' ? desc : asc;
  // Accounts that never signed in sort last in both directions.
  const orderBy =
    query.sort === 'lastLoginAt'
      ? [sql`${users.lastLoginAt} ${sql.raw(query.order)} nulls last`, asc(users.id)]
      : [by(sortColumns[query.sort]), asc(users.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        userName: users.userName,
        email: users.email,
        role: users.role,
        enabled: users.enabled,
        companyName: companies.name,
        lastLoginAt: users.lastLoginAt,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.size)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where),
  ]);
  const items: AdminUserListItem[] = rows.map((r) => ({
    ...r,
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
  }));
  return { items, total: total?.total ?? 0, page: query.page, size: query.size };
}

async function findLiveUser(db: DbOrTx, id: number) {
  const user = await db.query.users.findFirst({ where: and(eq(users.id, id), managedAccount()) });
  if (!user) throw new AppError('not_found', 'User not found');
  return user;
}

/** GET /admin/users/{id}: the account information with the enabled flag and last sign-in. */
export async function getAdminUser(db: DbOrTx, id: number): Promise<AdminUserDetail> {
  const user = await findLiveUser(db, id);
  const info = await getAccountInfo(db, id);
  return {
    ...info,
    enabled: user.enabled,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The admin behind a call: itself, or the admin acting for an operator. */
const actingAdminId = (session: Session) => session.adminId ?? session.userId;

/** Admin accounts (the caller's own included) are not managed here: they cannot be changed, disabled or deleted. */
function assertManageable(session: Session, target: { id: number; role: string }) {
  if (target.role === 'ADMIN' || target.id === actingAdminId(session)) {
    throw new AppError('forbidden', 'Admin accounts cannot be changed here');
  }
}

const companyValues = (input: Omit<AccountInfo, 'offices' | 'wastes'>) => ({
  name: input.companyName,
  postalCode: input.companyPostalCode,
  address: input.companyAddress,
  tel: input.companyTelephone,
  email: input.companyEmail,
  contractPic: input.contractPic,
});

/**
 * PUT /admin/users/{id}: account information, email and enabled flag. Existing offices and discharge
 * sites are not editable (section 3); new ones (id -1) are added. An admin may set or change the
 * registrant number and EDI key, which stay unique.
 */
export async function updateAdminUser(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  input: UpdateInput,
): Promise<AdminUserDetail> {
  const email = normalizeEmail(input.email);
  try {
    await app.db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), managedAccount()))
        .for('update');
      if (!user) throw new AppError('not_found', 'User not found');
      assertManageable(caller.session, user);
      const taken = await tx.query.users.findFirst({
        columns: { id: true },
        where: eq(users.email, email),
      });
      if (taken && taken.id !== id) throw fieldError('email', 'MSG_04_1');
      await assertKeysFree(tx, id, input);

      let companyId = user.companyId;
      if (companyId == null) {
        companyId = await createAccountCompany(tx, user.role === 'TRANSPORT' ? 'TRANSPORT' : 'WASTE', {
          ...input,
          offices: input.offices.filter((o): o is OfficeInfo => o.officeId === NEW_ENTRY_ID),
          wastes: input.wastes.filter((w): w is DischargeSiteInfo => w.wasteId === NEW_ENTRY_ID),
        });
      } else {
        await tx
          .update(companies)
          .set({ ...companyValues(input), updatedAt: app.now() })
          .where(eq(companies.id, companyId));
        await insertAccountEntries(tx, companyId, {
          offices: input.offices.filter((o): o is OfficeInfo => o.officeId === NEW_ENTRY_ID),
          wastes: input.wastes.filter((w): w is DischargeSiteInfo => w.wasteId === NEW_ENTRY_ID),
        });
      }
      await tx
        .update(users)
        .set({
          email,
          userName: input.accountName,
          companyId,
          enabled: input.enabled,
          registrantNumber: input.registrantNumber ?? null,
          ediKey: input.ediConfirmationKey ?? null,
          updatedAt: app.now(),
        })
        .where(eq(users.id, id));
      await recordAudit(tx, caller, {
        action: 'admin_update',
        entity: 'user',
        entityId: id,
        detail: {
          companyId,
          emailChanged: email !== user.email,
          enabled: input.enabled,
          registrantNumberChanged: (input.registrantNumber ?? null) !== user.registrantNumber,
          ediKeyChanged: (input.ediConfirmationKey ?? null) !== user.ediKey,
        },
      });
    });
  } catch (err) {
    mapUserConflict(err);
  }
  // Disabled, or registrant number / EDI key (and so permissions) changed.
  await app.sessionChanged({ userId: id });
  return getAdminUser(app.db, id);
}

/**
 * POST /admin/users: a discharger or transporter account with its company, offices and discharge sites.
 * The account has no usable password: the user gets a mail with a link to set one (a password-reset
 * token, valid as long as an activation link).
 */
export async function createAdminUser(app: FastifyInstance, caller: Caller, input: CreateInput) {
  const email = normalizeEmail(input.email);
  // Random and never told: nobody can sign in until the user sets a password from the mail.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  let created: { id: number; link: string };
  try {
    created = await app.db.transaction(async (tx) => {
      const taken = await tx.query.users.findFirst({ columns: { id: true }, where: eq(users.email, email) });
      if (taken) throw fieldError('email', 'MSG_04_1');
      await assertKeysFree(tx, 0, input);
      const companyId = await createAccountCompany(tx, input.role, input);
      const [user] = await tx
        .insert(users)
        .values({
          email,
          userName: input.accountName,
          passwordHash,
          role: input.role,
          companyId,
          enabled: input.enabled,
          registrantNumber: input.registrantNumber ?? null,
          ediKey: input.ediConfirmationKey ?? null,
        })
        .returning({ id: users.id });
      const id = user!.id;
      const link = await issuePasswordResetLink(app, tx, id, ACTIVATION_TOKEN_TTL_MS);
      await recordAudit(tx, caller, {
        action: 'admin_create',
        entity: 'user',
        entityId: id,
        detail: { role: input.role, companyId, enabled: input.enabled },
      });
      return { id, link };
    });
  } catch (err) {
    mapUserConflict(err);
  }
  await app.mailer.send({
    to: email,
    subject: '【junkan】アカウント登録のお知らせ / Your account has been created',
    text: [
      `${input.accountName} 様`,
      '',
      'junkan の管理者があなたのアカウントを登録しました。',
      '以下のリンクから72時間以内にパスワードを設定してください。',
      '',
      created.link,
      '',
      'An administrator has created your junkan account. Set your password within 72 hours at the link above.',
      '',
      '※ お心当たりのない場合は、このメールを破棄してください。',
    ].join('\n'),
  });
  return { id: created.id };
}

/** DELETE /admin/users/{id}: a soft delete; the account can no longer sign in and leaves the list. */
export async function deleteAdminUser(app: FastifyInstance, caller: Caller, id: number) {
  await app.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), managedAccount()))
      .for('update');
    if (!user) throw new AppError('not_found', 'User not found');
    assertManageable(caller.session, user);
    const now = app.now();
    await tx.update(users).set({ deletedAt: now, enabled: false, updatedAt: now }).where(eq(users.id, id));
    await recordAudit(tx, caller, {
      action: 'admin_delete',
      entity: 'user',
      entityId: id,
      detail: { email: user.email, role: user.role },
    });
  });
  await app.sessionChanged({ userId: id });
  return { result: true };
}
