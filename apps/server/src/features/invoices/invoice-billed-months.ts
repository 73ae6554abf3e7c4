/**
 * The month an invoice bills (請求対象月): what a project's current invoices bill already, and the shared
 * `billedMonthConflicts` that a registration follows, in every direction.
 */
import {
  billedMonthConflicts,
  type InvoiceSource,
  type MonthBilling,
  unconfirmedBilledMonths,
} from '@junkan/shared/invoice-rules';
import type { MessageCode } from '@junkan/shared/messages';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices, projects } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The project's current invoices, the months they bill (both kinds) and their numbers. */
async function monthBillingsOf(db: DbOrTx, projectId: number): Promise<MonthBilling[]> {
  return db
    .select({
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      billedMonth: invoices.billedMonth,
      source: invoices.source,
    })
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), isNull(invoices.supersededAt)))
    .orderBy(asc(invoices.billedMonth), asc(invoices.id));
}

/**
 * A registration's months the project has billed already (shared `billedMonthConflicts`, every direction):
 * 409 invoice_month_already_billed when a generated invoice would bill a generated one's month again, 409
 * invoice_month_billed_unconfirmed while a month with an uploaded invoice involved is not confirmed; each with
 * the conflicts in `details` and the invoices' month fields.
 */
export async function requireMonthsBillable(
  db: DbOrTx,
  projectId: number,
  input: { invoices: readonly { billedMonth: string }[]; confirmedBilledMonths?: readonly string[] },
  source: InvoiceSource,
): Promise<void> {
  const conflicts = billedMonthConflicts(
    input.invoices.map((d) => ({ billedMonth: d.billedMonth, source })),
    await monthBillingsOf(db, projectId),
  );
  const open = unconfirmedBilledMonths(conflicts, input.confirmedBilledMonths);
  if (!open.length) return;
  const code: MessageCode = open.some((c) => c.isRefused)
    ? 'invoice_month_already_billed'
    : 'invoice_month_billed_unconfirmed';
  const fields = Object.fromEntries(open.map((c) => [`invoices.${c.index}.billedMonth`, code]));
  throw new AppError(code, code, fields, undefined, { conflicts: open });
}

/** The transporter's own project, or 404 project_not_found (before anything the request says is judged). */
export async function requireOwnProject(db: DbOrTx, companyId: number, projectId: number): Promise<void> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.transportCompanyId, companyId)));
  if (!project) throw new AppError('project_not_found', 'Project not found');
}

/**
 * The billed-month check of a generated registration before it takes its invoice number (the PDF prints it, so
 * it is taken before the registration's transaction): the same rule and answers as the registration, which checks
 * again under the project's lock. A refused month, or a warning not yet confirmed, spends no number.
 */
export async function requireMonthBillableBeforeNumber(
  db: DbOrTx,
  transportCompanyId: number,
  input: { projectId: number; billedMonth: string; confirmedBilledMonths?: string[] },
): Promise<void> {
  await requireOwnProject(db, transportCompanyId, input.projectId);
  await requireMonthsBillable(
    db,
    input.projectId,
    { invoices: [{ billedMonth: input.billedMonth }], confirmedBilledMonths: input.confirmedBilledMonths },
    'GENERATED',
  );
}

/** GET /trans/invoices/month-billings: what the register screen warns about before sending. */
export async function listMonthBillings(
  db: DbOrTx,
  transportCompanyId: number,
  projectId: number,
): Promise<MonthBilling[]> {
  await requireOwnProject(db, transportCompanyId, projectId);
  return monthBillingsOf(db, projectId);
}
