import {
  type AccountUpdateRequest,
  type AccountUpdateResponse,
  type DischargeSiteInfo,
  NEW_ENTRY_ID,
  type OfficeInfo,
} from '@junkan/shared/api/users';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { companies, dischargeSites, offices, projectDischargeSites, projects, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { foreignKeyViolation } from '../../lib/db-errors';
import type { Caller } from '../../plugins/auth';
import {
  assertKeysFree,
  getAccountInfo,
  insertAccountEntries,
  mapKeyConflict,
} from '../account-core/account-records';
import { mailAdminsOfTransportSignup } from '../account-core/transport-signup-mail';

type KeyField = 'registrantNumber' | 'ediConfirmationKey';
const KEY_FIELDS: KeyField[] = ['registrantNumber', 'ediConfirmationKey'];

// A new entry (id -1) always comes out of the request schema with all its fields.
const isNewOffice = (e: AccountUpdateRequest['offices'][number]): e is OfficeInfo =>
  e.officeId === NEW_ENTRY_ID;
const isNewSite = (e: AccountUpdateRequest['wastes'][number]): e is DischargeSiteInfo =>
  e.wasteId === NEW_ENTRY_ID;

/**
 * The registrant number and EDI key cannot change once stored, unless an admin acts for the operator
 * (section 5). A value may be set while none is stored, if no other user holds it.
 */
function assertKeysUnlocked(
  stored: Record<KeyField, string | null>,
  input: Record<KeyField, string | null>,
): void {
  const locked = KEY_FIELDS.filter((f) => stored[f] != null && input[f] !== stored[f]);
  if (locked.length) {
    throw new AppError(
      'key_locked',
      'Registered keys cannot be changed',
      Object.fromEntries(locked.map((f) => [f, 'key_locked' as const])),
    );
  }
}

/**
 * Existing entries named in the payload must be the company's own; the company's entries left out are
 * removed, unless a project uses them.
 */
function splitEntries(ownIds: number[], payloadIds: number[]) {
  const own = new Set(ownIds);
  if (payloadIds.some((id) => !own.has(id))) throw new AppError('not_found', 'Entry not found');
  const kept = new Set(payloadIds);
  return ownIds.filter((id) => !kept.has(id));
}

async function syncOffices(tx: Tx, companyId: number, entries: AccountUpdateRequest['offices']) {
  const own = await tx
    .select({ id: offices.id, name: offices.name })
    .from(offices)
    .where(eq(offices.companyId, companyId));
  const removed = splitEntries(
    own.map((o) => o.id),
    entries.filter((e) => e.officeId !== NEW_ENTRY_ID).map((e) => e.officeId),
  );
  if (removed.length) {
    const [used] = await tx
      .select({ officeId: projects.officeId })
      .from(projects)
      .where(inArray(projects.officeId, removed))
      .limit(1);
    if (used) {
      const name = own.find((o) => o.id === used.officeId)?.name ?? '';
      throw new AppError('in_use_cannot_delete', 'Office is used by a project', undefined, {
        usedBy: 'officeProjects',
        name,
      });
    }
    await tx.delete(offices).where(and(eq(offices.companyId, companyId), inArray(offices.id, removed)));
  }
  const added = entries.filter(isNewOffice);
  await insertAccountEntries(tx, companyId, { offices: added, wastes: [] });
  return { added: added.length, removed };
}

async function syncDischargeSites(tx: Tx, companyId: number, entries: AccountUpdateRequest['wastes']) {
  const own = await tx
    .select({ id: dischargeSites.id, name: dischargeSites.name })
    .from(dischargeSites)
    .where(eq(dischargeSites.companyId, companyId));
  const removed = splitEntries(
    own.map((s) => s.id),
    entries.filter((e) => e.wasteId !== NEW_ENTRY_ID).map((e) => e.wasteId),
  );
  if (removed.length) {
    const [used] = await tx
      .select({ siteId: projectDischargeSites.dischargeSiteId })
      .from(projectDischargeSites)
      .where(inArray(projectDischargeSites.dischargeSiteId, removed))
      .limit(1);
    if (used) {
      const name = own.find((s) => s.id === used.siteId)?.name ?? '';
      throw new AppError('in_use_cannot_delete', 'Discharge site is used by a project', undefined, {
        usedBy: 'dischargeSiteProjects',
        name,
      });
    }
    await tx
      .delete(dischargeSites)
      .where(and(eq(dischargeSites.companyId, companyId), inArray(dischargeSites.id, removed)));
  }
  const added = entries.filter(isNewSite);
  await insertAccountEntries(tx, companyId, { offices: [], wastes: added });
  return { added: added.length, removed };
}

/**
 * Saves account information for a user inside the caller's transaction: the user, its company (created
 * when it has none), offices and discharge sites. `keysUnlocked` lets a stored registrant number or EDI
 * key change (an admin acting for the operator). Answers the saved user row, and whether the company was created.
 */
export async function saveAccountInfo(
  tx: Tx,
  caller: Caller,
  args: { userId: number; keysUnlocked: boolean; at: Date },
  input: AccountUpdateRequest,
) {
  const [user] = await tx.select().from(users).where(eq(users.id, args.userId)).for('update');
  if (!user) throw new AppError('not_found', 'User not found');
  const keys = {
    registrantNumber: input.registrantNumber ?? null,
    ediConfirmationKey: input.ediConfirmationKey ?? null,
  };
  if (!args.keysUnlocked) {
    assertKeysUnlocked({ registrantNumber: user.registrantNumber, ediConfirmationKey: user.ediKey }, keys);
  }
  await assertKeysFree(tx, user.id, input);

  const companyValues = {
    name: input.companyName,
    postalCode: input.companyPostalCode,
    address: input.companyAddress,
    tel: input.companyTelephone,
    email: input.companyEmail,
    contractPic: input.contractPic,
    // Only a transport company issues invoices; left out, the stored number stays.
    ...(user.role === 'TRANSPORT' && input.invoiceRegistrationNumber !== undefined
      ? { invoiceRegistrationNumber: input.invoiceRegistrationNumber }
      : {}),
  };
  let companyId = user.companyId;
  if (companyId == null) {
    // Activated but never registered: the company is created now.
    const [company] = await tx
      .insert(companies)
      .values({
        type: user.role === 'TRANSPORT' ? 'TRANSPORT' : 'WASTE',
        // A self-registered transport company waits for an administrator's approval.
        approvalStatus: user.role === 'TRANSPORT' ? 'PENDING' : 'APPROVED',
        ...companyValues,
      })
      .returning({ id: companies.id });
    companyId = company!.id;
  } else {
    await tx
      .update(companies)
      .set({ ...companyValues, updatedAt: args.at })
      .where(eq(companies.id, companyId));
  }
  const officeChanges = await syncOffices(tx, companyId, input.offices);
  const siteChanges = await syncDischargeSites(tx, companyId, input.wastes);

  const [saved] = await tx
    .update(users)
    .set({
      userName: input.accountName,
      companyId,
      registrantNumber: keys.registrantNumber,
      ediKey: keys.ediConfirmationKey,
      updatedAt: args.at,
    })
    .where(eq(users.id, user.id))
    .returning();
  await recordAudit(tx, caller, {
    action: 'update',
    entity: 'account_info',
    entityId: user.id,
    detail: {
      companyId,
      companyCreated: user.companyId == null,
      officesAdded: officeChanges.added,
      officesRemoved: officeChanges.removed,
      dischargeSitesAdded: siteChanges.added,
      dischargeSitesRemoved: siteChanges.removed,
      registrantNumberChanged: keys.registrantNumber !== user.registrantNumber,
      ediKeyChanged: keys.ediConfirmationKey !== user.ediKey,
      ...(user.role === 'TRANSPORT' && input.invoiceRegistrationNumber !== undefined
        ? { invoiceRegistrationNumber: input.invoiceRegistrationNumber }
        : {}),
    },
  });
  return { ...saved!, companyCreated: user.companyId == null };
}

/** Maps the database's refusals of an account save to the codes the client shows. */
export function mapAccountSaveError(err: unknown): never {
  // A project took the office or site between the in-use check and the delete.
  if (foreignKeyViolation(err) != null) {
    throw new AppError('in_use_cannot_delete', 'Entry is used by a project', undefined, {
      usedBy: 'projects',
    });
  }
  mapKeyConflict(err);
}

/**
 * PUT /users and PUT /trans/users: updates the signed-in operator's own account information in one
 * transaction. Answers the saved information and a fresh token, since the subNum/ediKey claims (and so
 * the permissions) may have changed; an acting admin's token keeps its adminId.
 */
export async function updateAccountInfo(
  app: FastifyInstance,
  caller: Caller,
  input: AccountUpdateRequest,
): Promise<AccountUpdateResponse> {
  const { session } = caller;
  let saved: Awaited<ReturnType<typeof saveAccountInfo>>;
  try {
    saved = await app.db.transaction((tx) =>
      saveAccountInfo(
        tx,
        caller,
        { userId: session.userId, keysUnlocked: session.adminId != null, at: app.now() },
        input,
      ),
    );
  } catch (err) {
    mapAccountSaveError(err);
  }
  // The company, registrant number or EDI key (and so the permissions) may have changed.
  await app.sessionChanged({ userId: session.userId });
  if (saved.companyCreated && saved.role === 'TRANSPORT' && saved.companyId != null)
    await mailAdminsOfTransportSignup(app, saved.companyId);
  return {
    info: await getAccountInfo(app.db, session.userId),
    token: app.signSessionToken(saved, session.sessionId, session.adminId),
  };
}
