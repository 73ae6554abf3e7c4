/**
 * Settling an invoice: the transporter confirms a bank transfer, or the card payment feature records a captured
 * payment. Both go through `recordInvoicePaid`, which is idempotent: paying twice changes nothing the second time.
 */
import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { settlementDateIssue } from '@junkan/shared/invoice-rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type AuditSource, recordAudit, systemSource } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { sendInvoiceMail } from './invoice-mails';
import { type InvoiceRow, invoiceFor, requireCurrent, requireNotPaid } from './invoice-records';
import { invoiceDetailOf } from './invoices.service';

export interface RecordPaidOptions {
  /** The settlement confirmation date, a Japan date (YYYY-MM-DD). */
  settlementDate: string;
  via: 'BANK_TRANSFER' | 'CARD';
  /** The card provider's payment reference (or null for a transfer). */
  paymentRef: string | null;
  /** Who records it (audit); the system's card payment by default. */
  source?: AuditSource;
  /** When it was recorded: the business clock's now (`app.now()`). */
  at: Date;
}

/**
 * BILLED -> PAID for the current version `invoiceId`, inside the caller's transaction (the row is locked).
 * Already PAID: nothing changes and `changed` is false, whatever the options (a repeated card callback).
 * Not billed yet, or superseded by a correction: refused (409).
 */
export async function recordInvoicePaid(
  tx: Tx,
  invoiceId: number,
  options: RecordPaidOptions,
): Promise<{ changed: boolean; invoice: InvoiceRow }> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!row) throw new AppError('invoice_not_found', 'Invoice not found');
  if (row.status === 'PAID') return { changed: false, invoice: row };
  requireCurrent(row);
  if (row.status !== 'BILLED') throw new AppError('invalid_status_transition', 'Invalid status transition');
  const [paid] = await tx
    .update(invoices)
    .set({
      status: 'PAID',
      settlementDate: options.settlementDate,
      paidVia: options.via,
      paymentRef: options.paymentRef,
      paidAt: options.at,
      updatedAt: options.at,
    })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'BILLED')))
    .returning();
  await recordAudit(tx, options.source ?? systemSource('invoice-payment'), {
    action: 'invoice.paid',
    entity: 'invoice',
    entityId: invoiceId,
    detail: { settlementDate: options.settlementDate, via: options.via, paymentRef: options.paymentRef },
  });
  return { changed: true, invoice: paid! };
}

/** Mails the discharger that its payment was confirmed (call after `recordInvoicePaid` answered `changed`). */
export async function notifyInvoicePaid(
  app: FastifyInstance,
  tx: Tx,
  invoice: InvoiceRow,
  by: Caller | null,
) {
  await sendInvoiceMail(app, tx, invoice, { kind: 'PAID_MAIL', by: by?.session ?? null });
}

/**
 * POST /trans/invoices/{id}/paid: the transporter confirms a bank transfer. Who may (404, 403), then what the
 * invoice allows (409: paid already, in another tab say, is invoice_already_paid; not billed, corrected, or paid by
 * card is refused whatever the date), then the date, once, with the billed month the invoice records (shared
 * `settlementDateIssue`: a real date, not after Japan's today, not before the billed month began; 400 on its field).
 */
export async function markInvoicePaid(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  settlementDate: string,
): Promise<InvoiceDetail> {
  return app.db.transaction(async (tx) => {
    const inv = await invoiceFor(tx, caller, id, true);
    if (inv.side !== 'TRANSPORT') throw new AppError('forbidden', 'Forbidden');
    requireCurrent(inv);
    requireNotPaid(inv);
    if (inv.status !== 'BILLED' || inv.paymentMethod !== 'PAYMENT_INVOICE')
      throw new AppError('invalid_status_transition', 'Invalid status transition');
    const issue = settlementDateIssue(settlementDate, tokyoDate(app.now()), inv.billedMonth);
    if (issue) throw new AppError(issue, issue, { settlementDate: issue });
    const { invoice } = await recordInvoicePaid(tx, inv.id, {
      settlementDate,
      via: 'BANK_TRANSFER',
      paymentRef: null,
      source: caller,
      at: app.now(),
    });
    await notifyInvoicePaid(app, tx, invoice, caller);
    return invoiceDetailOf(app, tx, invoice, 'TRANSPORT');
  });
}
