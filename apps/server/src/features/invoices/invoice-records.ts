/**
 * The invoice rows as each party may see them, and their shapes on the wire. Every read and write of the feature
 * goes through `invoiceFor`: a discharger sees its company's invoices once billed, a transporter those it issued;
 * another company's id is 404.
 */
import type { InvoiceListItem } from '@junkan/shared/api/invoices';
import {
  type InvoiceSide,
  type InvoiceStatus,
  invoiceActions,
  isOverdue,
} from '@junkan/shared/invoice-rules';
import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Caller, Session } from '../../plugins/auth';
import { operatorRole } from '../../plugins/auth';

export type InvoiceRow = typeof invoices.$inferSelect;

/** `attachments.owner_type` of an invoice version's files (`owner_id` the invoice id). */
export const INVOICE_OWNER = 'INVOICE';

/** The side a session acts on for invoices; admins act only for an operator. */
export function invoiceSideOf(session: Session): InvoiceSide {
  const role = operatorRole(session);
  if (role === 'WASTE' || role === 'TRANSPORT') return role;
  throw new AppError('forbidden', 'Forbidden');
}

/** What a party may see: the transporter what it issued, the discharger what was billed to it. */
export function invoiceScope(side: InvoiceSide, companyId: number): SQL {
  return side === 'TRANSPORT'
    ? eq(invoices.transportCompanyId, companyId)
    : and(eq(invoices.dischargerCompanyId, companyId), isNotNull(invoices.billedAt))!;
}

/** The invoice version `id` as the caller's company may see it, locked for update when `lock`; otherwise 404. */
export async function invoiceFor(
  db: DbOrTx,
  caller: Caller,
  id: number,
  lock = false,
): Promise<InvoiceRow & { side: InvoiceSide }> {
  const side = invoiceSideOf(caller.session);
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), invoiceScope(side, caller.companyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('invoice_not_found', 'Invoice not found');
  return { ...row, side };
}

/** The current version of an invoice: a superseded one cannot be acted on. */
export function requireCurrent(row: InvoiceRow): void {
  if (row.supersededAt) throw new AppError('invoice_superseded', 'Invoice superseded');
}

/** An invoice paid already (a transfer confirmed in another tab, a card payment) takes no second payment: 409. */
export function requireNotPaid(inv: Pick<InvoiceRow, 'status'>): void {
  if (inv.status === 'PAID') throw new AppError('invoice_already_paid', 'Invoice already paid');
}

/** The transporter's `action` on the current version, as the shared `invoiceActions` allow it; otherwise 409. */
export function requireInvoiceAction(inv: InvoiceRow, action: ReturnType<typeof invoiceActions>[number]) {
  requireCurrent(inv);
  if (!invoiceActions(inv.status as InvoiceStatus, 'TRANSPORT', inv.paymentMethod).includes(action))
    throw new AppError('invalid_status_transition', 'Invalid status transition');
}

export function toListItem(
  row: InvoiceRow,
  extra: { projectTitle: string; counterpart: { id: number; name: string } },
  today: string,
): InvoiceListItem {
  return {
    id: row.id,
    rootId: row.rootId,
    invoiceNumber: row.invoiceNumber,
    version: row.version,
    projectId: row.projectId,
    projectTitle: extra.projectTitle,
    counterpart: extra.counterpart,
    paymentMethod: row.paymentMethod,
    billedMonth: row.billedMonth,
    billingDate: row.billingDate,
    dueDate: row.dueDate,
    amount: row.amount,
    status: row.status as InvoiceStatus,
    settlementDate: row.settlementDate,
    // Corrections are linear (only the current version is corrected): version n is replaced by n + 1.
    supersededBy: row.supersededById ? { id: row.supersededById, version: row.version + 1 } : null,
    overdue: !row.supersededAt && isOverdue({ status: row.status, dueDate: row.dueDate }, today),
    overdueStep: row.overdueStep,
    createdAt: row.createdAt.toISOString(),
  };
}
