import type { AccountInfo, AccountInfoResponse, CompanyType, TransportApprovalStatus } from '@junkan/shared';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { companies, dischargeSites, offices, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';

/** The account information query (the bench reads its SQL). */
export function accountQuery(db: DbOrTx) {
  return db.query.users.findFirst({
    where: eq(users.id, sql.placeholder('userId')),
    with: {
      company: {
        with: {
          offices: { orderBy: [asc(offices.id)] },
          dischargeSites: { orderBy: [asc(dischargeSites.id)] },
        },
      },
    },
  });
}
type AccountQuery = ReturnType<ReturnType<typeof accountQuery>['prepare']>;
/** Built and prepared once per database: the account screens and the header read it on every page. */
const preparedAccountQueries = new WeakMap<Database, AccountQuery>();

function accountQueryFor(db: DbOrTx) {
  // A transaction runs it as a plain query: prepared statements belong to the database's own connections.
  if (db instanceof PgTransaction) return accountQuery(db);
  let prepared = preparedAccountQueries.get(db);
  if (!prepared) {
    prepared = accountQuery(db).prepare('junkan_account_info');
    preparedAccountQueries.set(db, prepared);
  }
  return prepared;
}

/** Account information of a user: the user, its company, offices and discharge sites. */
export async function getAccountInfo(db: DbOrTx, userId: number): Promise<AccountInfoResponse> {
  const user = await accountQueryFor(db).execute({ userId });
  if (!user) throw new AppError('not_found', 'User not found');
  const company = user.company;
  const officeRows = company?.offices ?? [];
  const siteRows = company?.dischargeSites ?? [];
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    accountName: user.userName,
    companyName: company?.name ?? '',
    companyPostalCode: company?.postalCode ?? '',
    companyAddress: company?.address ?? '',
    companyTelephone: company?.tel ?? '',
    companyEmail: company?.email ?? '',
    contractPic: company?.contractPic ?? '',
    registrantNumber: user.registrantNumber,
    ediConfirmationKey: user.ediKey,
    offices: officeRows.map((o) => ({
      officeId: o.id,
      officeName: o.name,
      officePostalCode: o.postalCode,
      officeAddress: o.address,
      officeTelephone: o.tel,
      officeEmail: o.email,
    })),
    wastes: siteRows.map((s) => ({
      wasteId: s.id,
      dischargeSitename: s.name,
      wastePostalCode: s.postalCode,
      wasteAddress: s.address1,
      wasteAddress2: s.address2,
      wasteAddress3: s.address3,
      wasteTelephone: s.tel,
      wasteEmail: s.email,
      wasteStaff: s.pic,
    })),
  };
}

/** Whether another user already holds this value as registrant number or EDI key. */
export async function isKeyRegistered(db: DbOrTx, value: string, exceptUserId: number): Promise<boolean> {
  const row = await db.query.users.findFirst({
    columns: { id: true },
    where: and(ne(users.id, exceptUserId), or(eq(users.registrantNumber, value), eq(users.ediKey, value))),
  });
  return !!row;
}

export async function assertKeysFree(
  db: DbOrTx,
  userId: number,
  info: Pick<AccountInfo, 'registrantNumber' | 'ediConfirmationKey'>,
) {
  const fields: Record<string, 'sub_num_can_not_use' | 'edi_key_can_not_use'> = {};
  if (info.registrantNumber && (await isKeyRegistered(db, info.registrantNumber, userId))) {
    fields.registrantNumber = 'sub_num_can_not_use';
  }
  if (info.ediConfirmationKey && (await isKeyRegistered(db, info.ediConfirmationKey, userId))) {
    fields.ediConfirmationKey = 'edi_key_can_not_use';
  }
  const [first] = Object.values(fields);
  if (first) throw new AppError(first, first, fields);
}

/** Maps a unique violation on the key columns to the field error the client shows. */
export function mapKeyConflict(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'users_registrant_number_unique')
    throw fieldError('registrantNumber', 'sub_num_can_not_use');
  if (constraint === 'users_edi_key_unique') throw fieldError('ediConfirmationKey', 'edi_key_can_not_use');
  throw err;
}

/** Adds offices and discharge sites of account information to a company (the caller picks which entries). */
export async function insertAccountEntries(
  tx: Tx,
  companyId: number,
  input: Pick<AccountInfo, 'offices' | 'wastes'>,
): Promise<void> {
  if (input.offices.length) {
    await tx.insert(offices).values(
      input.offices.map((o) => ({
        companyId,
        name: o.officeName,
        postalCode: o.officePostalCode,
        address: o.officeAddress,
        tel: o.officeTelephone,
        email: o.officeEmail,
      })),
    );
  }
  if (input.wastes.length) {
    await tx.insert(dischargeSites).values(
      input.wastes.map((s) => ({
        companyId,
        name: s.dischargeSitename,
        postalCode: s.wastePostalCode,
        address1: s.wasteAddress,
        address2: s.wasteAddress2,
        address3: s.wasteAddress3,
        tel: s.wasteTelephone,
        email: s.wasteEmail,
        pic: s.wasteStaff,
      })),
    );
  }
}

/**
 * Creates the company of an account with its offices and discharge sites (registration after
 * activation, and the account master's register call); answers the company id.
 */
export async function createAccountCompany(
  tx: Tx,
  type: CompanyType,
  input: AccountInfo,
  approvalStatus: TransportApprovalStatus = 'APPROVED',
): Promise<number> {
  const [company] = await tx
    .insert(companies)
    .values({
      type,
      approvalStatus,
      name: input.companyName,
      postalCode: input.companyPostalCode,
      address: input.companyAddress,
      tel: input.companyTelephone,
      email: input.companyEmail,
      contractPic: input.contractPic,
    })
    .returning({ id: companies.id });
  const companyId = company!.id;
  await insertAccountEntries(tx, companyId, input);
  return companyId;
}
