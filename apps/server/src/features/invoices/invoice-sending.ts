/** Sending an invoice to the discharger (UNCLAIMED -> BILLED), and sending its mails again. */
import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import type { InvoiceSendKind } from '@junkan/shared/invoice-rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoices } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../plugins/auth';
import { sendInvoiceMail } from './invoice-mails';
import { invoiceFor, requireInvoiceAction } from './invoice-records';
import { invoiceDetailOf } from './invoices.service';

/**
 * POST /trans/invoices/{id}/send: UNCLAIMED -> BILLED, mailing the discharger the invoice (and, for a card
 * invoice, the payment notice), in one transaction.
 */
export async function sendInvoice(app: FastifyInstance, caller: Caller, id: number): Promise<InvoiceDetail> {
  return app.db.transaction(async (tx) => {
    const inv = await invoiceFor(tx, caller, id, true);
    requireInvoiceAction(inv, 'SEND');
    const [billed] = await tx
      .update(invoices)
      .set({ status: 'BILLED', billedAt: app.now(), updatedAt: app.now() })
      .where(and(eq(invoices.id, inv.id), eq(invoices.status, 'UNCLAIMED')))
      .returning();
    await sendInvoiceMail(app, tx, billed!, { kind: 'ATTACHMENT_MAIL', by: caller.session });
    if (billed!.paymentMethod === 'CREDIT_CARD')
      await sendInvoiceMail(app, tx, billed!, { kind: 'PAYMENT_NOTICE_MAIL', by: caller.session });
    await recordAudit(tx, caller, {
      action: 'invoice.send',
      entity: 'invoice',
      entityId: inv.id,
      detail: { from: 'UNCLAIMED', to: 'BILLED' },
    });
    return invoiceDetailOf(app, tx, billed!, 'TRANSPORT');
  });
}

/** POST /trans/invoices/{id}/resend: the attachment mail (billed or paid) or the card payment notice (billed). */
export async function resendInvoiceMail(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  kind: Extract<InvoiceSendKind, 'ATTACHMENT_MAIL' | 'PAYMENT_NOTICE_MAIL'>,
): Promise<InvoiceDetail> {
  return app.db.transaction(async (tx) => {
    const inv = await invoiceFor(tx, caller, id, true);
    requireInvoiceAction(
      inv,
      kind === 'ATTACHMENT_MAIL' ? 'RESEND_ATTACHMENT_MAIL' : 'RESEND_PAYMENT_NOTICE',
    );
    await sendInvoiceMail(app, tx, inv, { kind, by: caller.session });
    await recordAudit(tx, caller, {
      action: 'invoice.resend',
      entity: 'invoice',
      entityId: inv.id,
      detail: { kind },
    });
    return invoiceDetailOf(app, tx, inv, 'TRANSPORT');
  });
}
