/**
 * The daily overdue run: every current BILLED invoice past its due date (Japan date) gets the reminder of the
 * step it has reached (INVOICE_OVERDUE_STEPS), once per invoice version and step, mailed to the discharger with
 * a copy to the transporter. A step is claimed by a compare-and-set on `overdue_step` and recorded under a unique
 * index, so two runs (or two processes) never send it twice.
 */
import { overdueStep } from '@junkan/shared/invoice-rules';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoices } from '../../db/schema';
import { recordAudit, systemSource } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import { sendInvoiceMail } from './invoice-mails';

const source = systemSource('invoice-overdue');
export const INVOICE_OVERDUE_JOB = 'invoice-overdue';

export async function runOverdueReminders(
  app: FastifyInstance,
  when: Date | string = app.now(),
): Promise<{ reminded: number }> {
  // A business instant (the job), or a Japan date (tests), taken at the run's 09:00.
  const now = typeof when === 'string' ? new Date(`${when}T09:00:00+09:00`) : when;
  const today = tokyoDate(now);
  const due = await app.db
    .select({
      id: invoices.id,
      status: invoices.status,
      dueDate: invoices.dueDate,
      sent: invoices.overdueStep,
    })
    .from(invoices)
    .where(and(eq(invoices.status, 'BILLED'), isNull(invoices.supersededAt), lt(invoices.dueDate, today)))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(10_000);
  let reminded = 0;
  for (const candidate of due) {
    const step = overdueStep(candidate, today);
    if (step <= candidate.sent) continue;
    await app.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(invoices)
        .set({
          overdueStep: step,
          overdueAt: sql`coalesce(${invoices.overdueAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(invoices.id, candidate.id),
            eq(invoices.status, 'BILLED'),
            isNull(invoices.supersededAt),
            lt(invoices.overdueStep, step),
          ),
        )
        .returning();
      if (!claimed) return;
      await sendInvoiceMail(app, tx, claimed, { kind: 'OVERDUE_REMINDER', step, by: null });
      await recordAudit(tx, source, {
        action: 'invoice.overdue_reminder',
        entity: 'invoice',
        entityId: claimed.id,
        detail: { step, dueDate: claimed.dueDate, today },
      });
      reminded++;
    });
  }
  return { reminded };
}

/** Every morning at 09:00 Japan time, once across all server processes. */
export function defineInvoiceOverdueJob(app: FastifyInstance) {
  app.jobs.defineScheduled(INVOICE_OVERDUE_JOB, async () => {
    const run = await runOverdueReminders(app);
    if (run.reminded) app.log.info({ run }, 'invoice overdue reminders');
  });
}
