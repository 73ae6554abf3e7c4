import type { AccountInfo, AccountInfoResponse } from '@junkan/shared/api/users';
import type { CompanyType, TransportApprovalStatus } from '@junkan/shared/enums';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { queryRows, type RawStatement } from '../../db/raw-statement';
import { companies, dischargeSites, offices, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';

/**
 * The account information in the answer's own shape, built by PostgreSQL in one statement: the header and the
 * account screens read it on every page, so no ORM mapping runs on it (the bench's reference route runs this text).
 */
export const ACCOUNT_INFO_SQL = `select u.id, u.email, u.role,
  u.user_name as "accountName",
  coalesce(c.name, '') as "companyName",
  coalesce(c.postal_code, '') as "companyPostalCode",
  coalesce(c.address, '') as "companyAddress",
  coalesce(c.tel, '') as "companyTelephone",
  coalesce(c.email, '') as "companyEmail",
  coalesce(c.contract_pic, '') as "contractPic",
  u.registrant_number as "registrantNumber",
  u.edi_key as "ediConfirmationKey",
  c.invoice_registration_number as "invoiceRegistrationNumber",
  coalesce((select json_agg(json_build_object('officeId', o.id, 'officeName', o.name,
      'officePostalCode', o.postal_code, 'officeAddress', o.address, 'officeTelephone', o.tel,
      'officeEmail', o.email) order by o.id)
    from offices o where o.company_id = u.company_id), '[]') as offices,
  coalesce((select json_agg(json_build_object('wasteId', d.id, 'dischargeSitename', d.name,
      'wastePostalCode', d.postal_code, 'wasteAddress', d.address1, 'wasteAddress2', d.address2,
      'wasteAddress3', d.address3, 'wasteTelephone', d.tel, 'wasteEmail', d.email, 'wasteStaff', d.pic)
      order by d.id)
    from discharge_sites d where d.company_id = u.company_id), '[]') as wastes
from users u left join companies c on c.id = u.company_id
where u.id = $1`;

const ACCOUNT_INFO: RawStatement = { name: 'junkan_account_info', text: ACCOUNT_INFO_SQL };

/** Account information of a user: the user, its company, offices and discharge sites. */
export async function getAccountInfo(db: DbOrTx, userId: number): Promise<AccountInfoResponse> {
  let rows: unknown[];
  if (db instanceof PgTransaction) {
    // A transaction's statements go through its own connection.
    const [before, after] = ACCOUNT_INFO_SQL.split('$1') as [string, string];
    rows = (await db.execute(sql`${sql.raw(before)}${userId}${sql.raw(after)}`)).rows as unknown[];
  } else {
    rows = await queryRows(db as Database, ACCOUNT_INFO, [userId]);
  }
  const row = rows[0] as AccountInfoResponse | undefined;
  if (!row) throw new AppError('not_found', 'User not found');
  return row;
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
      invoiceRegistrationNumber: type === 'TRANSPORT' ? (input.invoiceRegistrationNumber ?? null) : null,
    })
    .returning({ id: companies.id });
  const companyId = company!.id;
  await insertAccountEntries(tx, companyId, input);
  return companyId;
}
