/**
 * What writing an invoice version takes, for a registration (version 1) and a correction (the next version) alike:
 * its id, the rows of its files, the 振込先 it names, and the field issues that refuse it as one 400.
 */
import type { InvoiceFieldIssue, InvoicePaymentMethod } from '@junkan/shared/invoice-rules';
import type { MessageCode } from '@junkan/shared/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { attachments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { companyBankAccountsOf } from '../account-core/company-bank-accounts';
import { INVOICE_OWNER } from './invoice-records';

/** A write's issue on one of its fields. */
export type FieldIssue = { field: string; code: MessageCode };

/** Field issues of a write, as one 400: the first issue's code, every field's own. */
export function failWith(issues: FieldIssue[]): never {
  const fields: Record<string, MessageCode> = {};
  for (const i of issues) fields[i.field] ??= i.code;
  const code = issues[0]!.code;
  throw new AppError(code, code, fields);
}

/** A shared draft issue as the issue of the request's field under `prefix` (`invoices.0.`). */
export const issueField =
  (prefix: string) =>
  (i: InvoiceFieldIssue): FieldIssue => ({
    field: `${prefix}${i.path}`,
    code: i.code,
  });

export async function nextInvoiceId(tx: Tx): Promise<number> {
  // The id first, so the first version names itself as its root in the same insert.
  const result = await tx.execute(sql`select nextval(pg_get_serial_sequence('invoices', 'id')) as id`);
  const rows = (result as unknown as { rows: { id: number | string }[] }).rows;
  return Number(rows[0]!.id);
}

/** What a version's file row is made from: a stored file, or the row of a file a correction keeps. */
export type VersionFile = Pick<
  typeof attachments.$inferInsert,
  'fileName' | 'mimeType' | 'size' | 'sha256' | 'storageDriver' | 'storageKey'
>;

/**
 * The rows of a version's files: stored files, or the rows of files a correction keeps (named again, never copied;
 * a row from before the file storage may have no SHA-256).
 */
export async function insertFiles(
  tx: Tx,
  invoiceId: number,
  files: readonly VersionFile[],
  userId: number | null,
) {
  if (!files.length) return;
  await tx.insert(attachments).values(
    files.map((f) => ({
      ownerType: INVOICE_OWNER,
      ownerId: invoiceId,
      fileName: f.fileName,
      mimeType: f.mimeType,
      size: f.size,
      storageDriver: f.storageDriver,
      storageKey: f.storageKey,
      sha256: f.sha256,
      createdBy: userId,
    })),
  );
}

/** 振込先 a bank-transfer invoice made now names: the transporter's accounts as they are. */
export const payeeAccountsFor = (db: DbOrTx, companyId: number, method: InvoicePaymentMethod) =>
  method === 'PAYMENT_INVOICE' ? companyBankAccountsOf(db, companyId) : Promise.resolve([]);
