/**
 * Correcting an invoice: a new version (version + 1, the same root and number) with the corrected dates and either
 * the corrected amount and files or, for an invoice the product generated, the corrected lines and a PDF made again
 * from them. The old version stays as it was, stamped superseded.
 */
import type { BankAccount } from '@junkan/shared/api/bank-accounts';
import type { CorrectInvoiceInput, InvoiceDetail } from '@junkan/shared/api/invoices';
import type { QualifiedInvoiceLineDto } from '@junkan/shared/api/qualified-invoices';
import {
  type InvoicePaymentMethod,
  type InvoiceSource,
  invoiceDraftIssues,
} from '@junkan/shared/invoice-rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { attachments, invoices } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller, Session } from '../../plugins/auth';
import { type StoredFile, storedRefOf, storeGeneratedFile } from '../../plugins/file-storage';
import { requireNoOpenAttempt } from './card-payments.service';
import { sendInvoiceMail } from './invoice-mails';
import { INVOICE_OWNER, type InvoiceRow, invoiceFor, requireInvoiceAction } from './invoice-records';
import {
  type FieldIssue,
  failWith,
  insertFiles,
  issueField,
  nextInvoiceId,
  payeeAccountsFor,
  type VersionFile,
} from './invoice-versions';
import { invoiceDetailOf } from './invoices.service';
import { regenerateQualifiedInvoice } from './qualified-invoice-generation';

/**
 * What a correction may change for the invoice's source. A generated invoice is corrected by its lines, never by a
 * bare amount or other files: its document must stay the bill. An uploaded one is corrected by its amount and
 * files, never by lines.
 */
export function correctionShapeIssues(
  source: InvoiceSource,
  input: CorrectInvoiceInput,
  newFileCount: number,
): FieldIssue[] {
  if (source !== 'GENERATED') return input.lines ? [{ field: 'lines', code: 'invalid_format' }] : [];
  const code = 'invoice_generated_correct_lines' as const;
  const issues: FieldIssue[] = [];
  if (input.amount !== undefined || !input.lines) issues.push({ field: 'amount', code });
  if (newFileCount) issues.push({ field: 'files', code });
  if (input.keepFileIds.length) issues.push({ field: 'keepFileIds', code });
  return issues;
}

/**
 * An uploaded invoice's correction on Japan's `today`: the files it keeps must be the old version's, and the new
 * version follows the rules of an invoice (shared `invoiceDraftIssues`: its dates within their bounds too) with its
 * kept and new files.
 */
export function uploadedCorrectionIssues(
  input: CorrectInvoiceInput,
  method: InvoicePaymentMethod,
  files: { oldIds: readonly number[]; keep: readonly number[]; newCount: number },
  today: string,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (files.keep.some((fid) => !files.oldIds.includes(fid)))
    issues.push({ field: 'keepFileIds', code: 'invalid_format' });
  issues.push(
    ...invoiceDraftIssues(input, method, files.keep.length + files.newCount, today).map(issueField('')),
  );
  return issues;
}

/**
 * The new PDF of a generated invoice's correction, rendered from the corrected lines and stored before the
 * correction's transaction (rendering and storing do not hold the invoice's lock); the caller deletes it if the
 * correction fails.
 */
async function regeneratedFile(app: FastifyInstance, inv: InvoiceRow, input: CorrectInvoiceInput) {
  const today = tokyoDate(app.now());
  const issues = invoiceDraftIssues(input, inv.paymentMethod, 1, today).filter((i) => i.path !== 'amount');
  if (issues.length) failWith(issues.map(issueField('')));
  const generated = await regenerateQualifiedInvoice(app.db, inv, {
    billingDate: input.billingDate,
    dueDate: input.dueDate,
    lines: input.lines!,
  });
  const amountIssue = invoiceDraftIssues(
    { ...input, amount: generated.amountTotal },
    inv.paymentMethod,
    1,
    today,
  ).find((i) => i.path === 'amount');
  if (amountIssue) failWith([{ field: 'lines', code: amountIssue.code }]);
  const file = await storeGeneratedFile(app.files, {
    fileName: generated.fileName,
    content: generated.pdf,
    mimeType: 'application/pdf',
  });
  return { generated, file };
}

/** What the next version changes: the rest it takes from the old one. */
interface NextVersion {
  billingDate: string;
  dueDate: string;
  amount: number;
  lines: QualifiedInvoiceLineDto[] | null;
  payeeAccounts: BankAccount[];
  files: readonly VersionFile[];
}

/**
 * Writes the version after `old`: stamps the old one superseded, inserts the new one (billed again at once when the
 * old one was billed) with its files, and links the old one to it.
 */
async function writeNextVersion(
  app: FastifyInstance,
  tx: Tx,
  session: Session,
  old: InvoiceRow,
  next: NextVersion,
): Promise<InvoiceRow> {
  const newId = await nextInvoiceId(tx);
  // Superseded first: the new version takes over the old one's billed month (one current invoice per month).
  const supersededAt = app.now();
  await tx
    .update(invoices)
    .set({ supersededAt })
    .where(and(eq(invoices.id, old.id), isNull(invoices.supersededAt)));
  const [row] = await tx
    .insert(invoices)
    .values({
      id: newId,
      rootId: old.rootId,
      version: old.version + 1,
      supersedesId: old.id,
      projectId: old.projectId,
      contractId: old.contractId,
      transportCompanyId: old.transportCompanyId,
      dischargerCompanyId: old.dischargerCompanyId,
      paymentMethod: old.paymentMethod,
      billingDate: next.billingDate,
      dueDate: next.dueDate,
      amount: next.amount,
      status: old.status,
      billedAt: old.status === 'BILLED' ? app.now() : null,
      source: old.source,
      billedMonth: old.billedMonth,
      invoiceNumber: old.invoiceNumber,
      lines: next.lines,
      payeeAccounts: next.payeeAccounts,
      createdBy: session.userId,
      actingAdminId: session.adminId ?? null,
    })
    .returning();
  await tx.update(invoices).set({ supersededById: newId }).where(eq(invoices.id, old.id));
  await insertFiles(tx, newId, next.files, session.userId);
  return row!;
}

/**
 * POST /trans/invoices/{id}/corrections: a new version with the corrected dates and either the corrected amount
 * and files (kept ones and new uploads) or, for an invoice the product generated, the corrected lines: its amount
 * recomputed and its PDF rendered again from them (a bare amount is refused). The old version stays as it was,
 * stamped superseded. A billed invoice's correction is mailed to the discharger at once.
 */
export async function correctInvoice(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  input: CorrectInvoiceInput,
  newFiles: StoredFile[],
): Promise<InvoiceDetail> {
  const session = caller.session;
  const seen = await invoiceFor(app.db, caller, id);
  requireInvoiceAction(seen, 'CORRECT');
  const shapeIssues = correctionShapeIssues(seen.source, input, newFiles.length);
  if (shapeIssues.length) failWith(shapeIssues);
  const regenerated = seen.source === 'GENERATED' ? await regeneratedFile(app, seen, input) : null;
  try {
    return await app.db.transaction(async (tx) => {
      const old = await invoiceFor(tx, caller, id, true);
      requireInvoiceAction(old, 'CORRECT');
      // A card payment of the amount billed is under way (a 3-D Secure check, say): it ends first.
      await requireNoOpenAttempt(tx, old.id, app.now());
      // The PDF was made for the version read before: a correction made meanwhile supersedes it (409 above).
      const oldFiles = await tx
        .select()
        .from(attachments)
        .where(and(eq(attachments.ownerType, INVOICE_OWNER), eq(attachments.ownerId, old.id)))
        .orderBy(asc(attachments.id));
      const keep = [...new Set(input.keepFileIds)];
      const amount = regenerated ? regenerated.generated.amountTotal : input.amount;
      if (!regenerated) {
        const oldIds = oldFiles.map((f) => f.id);
        const issues = uploadedCorrectionIssues(
          input,
          old.paymentMethod,
          { oldIds, keep, newCount: newFiles.length },
          tokyoDate(app.now()),
        );
        if (issues.length) failWith(issues);
      }
      const row = await writeNextVersion(app, tx, session, old, {
        billingDate: input.billingDate,
        dueDate: input.dueDate,
        amount: amount!,
        lines: regenerated?.generated.lines ?? null,
        payeeAccounts:
          regenerated?.generated.payeeAccounts ??
          (await payeeAccountsFor(tx, old.transportCompanyId, old.paymentMethod)),
        // Kept files are the same stored objects, named again by the new version (invoice files are never
        // deleted); a generated invoice's new version has its new PDF only.
        files: regenerated
          ? [regenerated.file]
          : [...oldFiles.filter((f) => keep.includes(f.id)), ...newFiles],
      });
      await recordAudit(tx, caller, {
        action: 'invoice.correct',
        entity: 'invoice',
        entityId: row.id,
        detail: {
          supersedes: old.id,
          from: { amount: old.amount, billingDate: old.billingDate, dueDate: old.dueDate },
          to: { amount, billingDate: input.billingDate, dueDate: input.dueDate },
          ...(regenerated
            ? { lines: regenerated.generated.lines.map((l) => [l.key, l.quantity, l.unitPrice]) }
            : { keptFiles: keep, newFiles: newFiles.map((f) => f.fileName) }),
        },
      });
      if (old.status === 'BILLED')
        await sendInvoiceMail(app, tx, row, { kind: 'ATTACHMENT_MAIL', by: session, corrected: true });
      return invoiceDetailOf(app, tx, row, 'TRANSPORT');
    });
  } catch (error) {
    if (regenerated) await app.files.deleteQuietly([storedRefOf(regenerated.file)], app.log);
    throw error;
  }
}
