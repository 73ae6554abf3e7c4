/**
 * Registering invoices: the projects a transporter may bill, and one to five invoices of one of them in one
 * transaction, each its version 1 with its files and the issuer's next invoice number.
 */
import type { BankAccount } from '@junkan/shared/api/bank-accounts';
import type { BillableProject, InvoiceListItem, RegisterInvoicesInput } from '@junkan/shared/api/invoices';
import type { QualifiedInvoiceLineDto } from '@junkan/shared/api/qualified-invoices';
import {
  type InvoicePaymentMethod,
  type InvoiceSource,
  invoiceRegistrationIssues,
} from '@junkan/shared/invoice-rules';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { companies, contracts, invoices, projects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import type { StoredFile } from '../../plugins/file-storage';
import { requireMonthsBillable } from './invoice-billed-months';
import { takeInvoiceNumbers } from './invoice-numbers';
import { type InvoiceRow, toListItem } from './invoice-records';
import {
  type FieldIssue,
  failWith,
  insertFiles,
  issueField,
  nextInvoiceId,
  payeeAccountsFor,
} from './invoice-versions';

/** The projects a transporter may bill: its own, in progress, under an approved contract. */
function billableWhere(transportCompanyId: number): SQL {
  return and(
    eq(projects.transportCompanyId, transportCompanyId),
    eq(projects.status, 'IN_PROGRESS'),
    eq(contracts.status, 'APPROVED'),
    eq(contracts.transportCompanyId, transportCompanyId),
  )!;
}

/** GET /trans/invoices/billable-projects. */
export async function listBillableProjects(db: DbOrTx, companyId: number): Promise<BillableProject[]> {
  const rows = await db
    .select({
      projectId: projects.id,
      title: projects.title,
      dischargerId: companies.id,
      dischargerName: companies.name,
      contractId: contracts.id,
      paymentMethod: contracts.paymentMethod,
    })
    .from(projects)
    .innerJoin(contracts, eq(contracts.projectId, projects.id))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(billableWhere(companyId))
    .orderBy(desc(projects.id))
    .limit(500);
  return rows.map((r) => ({
    projectId: r.projectId,
    title: r.title,
    discharger: { id: r.dischargerId, name: r.dischargerName },
    contractId: r.contractId,
    paymentMethod: r.paymentMethod as InvoicePaymentMethod,
  }));
}

/** The project and its contract, locked, when the transporter may bill it: 404 when not its, 409 when not billable. */
async function billableProjectFor(tx: Tx, transportCompanyId: number, projectId: number) {
  const [row] = await tx
    .select({ project: projects, contract: contracts })
    .from(projects)
    .leftJoin(contracts, eq(contracts.projectId, projects.id))
    .where(and(eq(projects.id, projectId), eq(projects.transportCompanyId, transportCompanyId)))
    .for('update', { of: projects });
  if (!row) throw new AppError('project_not_found', 'Project not found', { projectId: 'project_not_found' });
  const { project, contract } = row;
  if (
    project.status !== 'IN_PROGRESS' ||
    !contract ||
    contract.status !== 'APPROVED' ||
    contract.transportCompanyId !== transportCompanyId
  )
    throw new AppError('project_not_billable', 'Project not billable', { projectId: 'project_not_billable' });
  return { project, contract };
}

/**
 * The field issues of a registration on Japan's `today`: each draft's (shared `invoiceRegistrationIssues`: its
 * month and dates within their bounds, amount and files), and files past the last draft.
 */
function registrationIssues(
  input: RegisterInvoicesInput,
  method: InvoicePaymentMethod,
  files: readonly StoredFile[][],
  today: string,
): FieldIssue[] {
  const issues = input.invoices.flatMap((draft, i) =>
    invoiceRegistrationIssues(draft, method, files[i]?.length ?? 0, today).map(issueField(`invoices.${i}.`)),
  );
  if (files.length > input.invoices.length)
    issues.push({ field: `invoices.${input.invoices.length}.files`, code: 'invalid_format' });
  return issues;
}

/** What a generated invoice keeps beside its PDF: the number, lines and 振込先 the PDF prints. */
export interface GeneratedInvoiceRecord {
  invoiceNumber: number;
  lines: QualifiedInvoiceLineDto[];
  payeeAccounts: BankAccount[];
}

type Draft = RegisterInvoicesInput['invoices'][number];

/** One invoice's version 1, its own root: the row (the draft's figures, the rest from `base`), files and audit row. */
async function insertFirstVersion(
  tx: Tx,
  caller: Caller,
  base: {
    transportCompanyId: number;
    project: { id: number; companyId: number };
    contractId: number;
    method: InvoicePaymentMethod;
    source: InvoiceSource;
    invoiceNumber: number;
    lines: QualifiedInvoiceLineDto[] | null;
    payeeAccounts: BankAccount[];
  },
  draft: Draft,
  files: readonly StoredFile[],
): Promise<InvoiceRow> {
  const { session } = caller;
  const id = await nextInvoiceId(tx);
  const [row] = await tx
    .insert(invoices)
    .values({
      id,
      rootId: id,
      version: 1,
      projectId: base.project.id,
      contractId: base.contractId,
      transportCompanyId: base.transportCompanyId,
      dischargerCompanyId: base.project.companyId,
      paymentMethod: base.method,
      billingDate: draft.billingDate,
      dueDate: draft.dueDate,
      amount: draft.amount,
      status: 'UNCLAIMED',
      source: base.source,
      billedMonth: draft.billedMonth,
      invoiceNumber: base.invoiceNumber,
      lines: base.lines,
      payeeAccounts: base.payeeAccounts,
      createdBy: session.userId,
      actingAdminId: session.adminId ?? null,
    })
    .returning();
  await insertFiles(tx, id, files, session.userId);
  await recordAudit(tx, caller, {
    action: 'invoice.register',
    entity: 'invoice',
    entityId: id,
    detail: {
      projectId: base.project.id,
      billedMonth: draft.billedMonth,
      amount: draft.amount,
      billingDate: draft.billingDate,
      dueDate: draft.dueDate,
      files: files.map((f) => f.fileName),
    },
  });
  return row!;
}

/**
 * POST /trans/invoices: one to five invoices of one project, all or none, each UNCLAIMED with its files and the
 * issuer's next invoice numbers. `files[n]` are the n-th invoice's files, already in the file storage (uploads
 * streamed by the route, or the document generated by the product with `source: 'GENERATED'` and `generated`, the
 * number, lines and 振込先 it prints); the caller deletes them if this throws.
 */
export async function registerInvoices(
  app: FastifyInstance,
  caller: Caller,
  input: RegisterInvoicesInput,
  files: StoredFile[][],
  options: { source?: InvoiceSource; tx?: Tx; generated?: GeneratedInvoiceRecord } = {},
): Promise<InvoiceListItem[]> {
  const { companyId } = caller;
  const source = options.source ?? 'UPLOAD';
  const work = async (tx: Tx) => {
    // The project row stays locked to the end: registrations of one project run one after another, so the
    // billed-month check below sees every invoice registered before.
    const { project, contract } = await billableProjectFor(tx, companyId, input.projectId);
    const method = contract.paymentMethod as InvoicePaymentMethod;
    const today = tokyoDate(app.now());
    const issues = registrationIssues(input, method, files, today);
    if (issues.length) failWith(issues);
    await requireMonthsBillable(tx, project.id, input, source);
    const [discharger] = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.id, project.companyId));
    const { generated } = options;
    const numbers = generated
      ? [generated.invoiceNumber]
      : await takeInvoiceNumbers(tx, companyId, input.invoices.length);
    const payeeAccounts = generated?.payeeAccounts ?? (await payeeAccountsFor(tx, companyId, method));
    const created: InvoiceListItem[] = [];
    for (const [i, draft] of input.invoices.entries()) {
      const row = await insertFirstVersion(
        tx,
        caller,
        {
          transportCompanyId: companyId,
          project,
          contractId: contract.id,
          method,
          source,
          invoiceNumber: numbers[i]!,
          lines: generated?.lines ?? null,
          payeeAccounts,
        },
        draft,
        files[i] ?? [],
      );
      created.push(toListItem(row, { projectTitle: project.title, counterpart: discharger! }, today));
    }
    return created;
  };
  try {
    return await (options.tx ? work(options.tx) : app.db.transaction(work));
  } catch (error) {
    if (uniqueViolation(error) === 'invoices_project_month_current_unique')
      throw new AppError('invoice_month_already_billed', 'The month is already billed');
    throw error;
  }
}
