import {
  type BankAccount,
  type BillableProject,
  billedMonthConflicts,
  type CorrectInvoiceInput,
  type InvoiceDetail,
  type InvoiceFieldIssue,
  type InvoiceFilterOptions,
  type InvoiceListItem,
  type InvoiceListQuery,
  type InvoicePaymentMethod,
  type InvoiceSendKind,
  type InvoiceSource,
  type InvoiceStatus,
  invoiceActions,
  invoiceDraftIssues,
  keptUntil,
  type MessageCode,
  type MonthBilling,
  type Page,
  type QualifiedInvoiceLineDto,
  type RegisterInvoicesInput,
  unconfirmedBilledMonths,
} from '@junkan/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { attachments, companies, contracts, invoiceSends, invoices, projects, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { offsetOf, orderOf } from '../../lib/paging';
import { tokyoDate } from '../../lib/time';
import type { Caller, Session } from '../../plugins/auth';
import { openStoredFile, type StoredFile, storedRefOf, storeGeneratedFile } from '../../plugins/file-storage';
import { companyBankAccountsOf } from '../account-core/company-bank-accounts';
import { attachmentColumns, toAttachment } from '../project-core/project-files';
import { sendInvoiceMail } from './invoice-mails';
import { takeInvoiceNumbers } from './invoice-numbers';
import {
  INVOICE_OWNER,
  type InvoiceRow,
  invoiceFor,
  invoiceScope,
  invoiceSideOf,
  requireCurrent,
  toListItem,
} from './invoice-records';
import { regenerateQualifiedInvoice } from './qualified-invoices.service';

const today = (app: FastifyInstance) => tokyoDate(app.now());

function requireTransporter(session: Session): number {
  if (invoiceSideOf(session) !== 'TRANSPORT' || !session.companyId)
    throw new AppError('forbidden', 'Forbidden');
  return session.companyId;
}

/** Field issues of a write, as one 400: the first issue's code, every field's own. */
function failWith(issues: { field: string; code: MessageCode }[]): never {
  const fields: Record<string, MessageCode> = {};
  for (const i of issues) fields[i.field] ??= i.code;
  const code = issues[0]!.code;
  throw new AppError(code, code, fields);
}

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
export async function listBillableProjects(db: DbOrTx, session: Session): Promise<BillableProject[]> {
  const companyId = requireTransporter(session);
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

async function nextInvoiceId(tx: Tx): Promise<number> {
  // The id first, so the first version names itself as its root in the same insert.
  const result = await tx.execute(sql`select nextval(pg_get_serial_sequence('invoices', 'id')) as id`);
  const rows = (result as unknown as { rows: { id: number | string }[] }).rows;
  return Number(rows[0]!.id);
}

/**
 * The rows of a version's files: stored files, or the rows of files a correction keeps (named again, never copied;
 * a row from before the file storage may have no SHA-256).
 */
async function insertFiles(
  tx: Tx,
  invoiceId: number,
  files: readonly Pick<
    typeof attachments.$inferInsert,
    'fileName' | 'mimeType' | 'size' | 'sha256' | 'storageDriver' | 'storageKey'
  >[],
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

const issueField = (prefix: string) => (i: InvoiceFieldIssue) => ({
  field: `${prefix}${i.path}`,
  code: i.code,
});

/** 振込先 a bank-transfer invoice made now names: the transporter's accounts as they are. */
const payeeAccountsFor = (db: DbOrTx, companyId: number, method: InvoicePaymentMethod) =>
  method === 'PAYMENT_INVOICE' ? companyBankAccountsOf(db, companyId) : Promise.resolve([]);

/** What a generated invoice keeps beside its PDF: the number, lines and 振込先 the PDF prints. */
export interface GeneratedInvoiceRecord {
  invoiceNumber: number;
  lines: QualifiedInvoiceLineDto[];
  payeeAccounts: BankAccount[];
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
  const session = caller.session;
  const companyId = requireTransporter(session);
  const source = options.source ?? 'UPLOAD';
  const work = async (tx: Tx) => {
    // The project row stays locked to the end: registrations of one project run one after another, so the
    // billed-month check below sees every invoice registered before.
    const { project, contract } = await billableProjectFor(tx, companyId, input.projectId);
    const method = contract.paymentMethod as InvoicePaymentMethod;
    const issues = input.invoices.flatMap((draft, i) =>
      invoiceDraftIssues(draft, method, files[i]?.length ?? 0).map(issueField(`invoices.${i}.`)),
    );
    if (files.length > input.invoices.length)
      issues.push({ field: `invoices.${input.invoices.length}.files`, code: 'invalid_format' });
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
      const id = await nextInvoiceId(tx);
      const [row] = await tx
        .insert(invoices)
        .values({
          id,
          rootId: id,
          version: 1,
          projectId: project.id,
          contractId: contract.id,
          transportCompanyId: companyId,
          dischargerCompanyId: project.companyId,
          paymentMethod: method,
          billingDate: draft.billingDate,
          dueDate: draft.dueDate,
          amount: draft.amount,
          status: 'UNCLAIMED',
          source,
          billedMonth: draft.billedMonth,
          invoiceNumber: numbers[i]!,
          lines: generated?.lines ?? null,
          payeeAccounts,
          createdBy: session.userId,
          actingAdminId: session.adminId ?? null,
        })
        .returning();
      await insertFiles(tx, id, files[i] ?? [], session.userId);
      await recordAudit(tx, caller, {
        action: 'invoice.register',
        entity: 'invoice',
        entityId: id,
        detail: {
          projectId: project.id,
          billedMonth: draft.billedMonth,
          amount: draft.amount,
          billingDate: draft.billingDate,
          dueDate: draft.dueDate,
          files: (files[i] ?? []).map((f) => f.fileName),
        },
      });
      created.push(toListItem(row!, { projectTitle: project.title, counterpart: discharger! }, today(app)));
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
async function requireMonthsBillable(
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

/** The transporter's own project, or 404 project_not_found. */
async function requireOwnProject(db: DbOrTx, companyId: number, projectId: number): Promise<void> {
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
  session: Session,
  input: { projectId: number; billedMonth: string; confirmedBilledMonths?: string[] },
): Promise<void> {
  await requireOwnProject(db, requireTransporter(session), input.projectId);
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
  session: Session,
  projectId: number,
): Promise<MonthBilling[]> {
  await requireOwnProject(db, requireTransporter(session), projectId);
  return monthBillingsOf(db, projectId);
}

const INVOICE_SORT = {
  billingDate: invoices.billingDate,
  dueDate: invoices.dueDate,
  amount: invoices.amount,
  id: invoices.id,
};

/**
 * GET /invoices and /trans/invoices: the versions the session may see (current ones, or with `versions=all`
 * every kept one too: the electronic bookkeeping search), filtered and paged.
 */
export async function listInvoices(
  app: FastifyInstance,
  session: Session,
  query: InvoiceListQuery,
): Promise<Page<InvoiceListItem>> {
  const side = invoiceSideOf(session);
  const empty = { items: [], total: 0, page: query.page, size: query.size };
  if (!session.companyId) return empty;
  const now = today(app);
  const counterpart = alias(companies, 'counterpart');
  const counterpartId = side === 'TRANSPORT' ? invoices.dischargerCompanyId : invoices.transportCompanyId;
  const where = and(
    invoiceScope(side, session.companyId),
    query.versions === 'all' ? undefined : isNull(invoices.supersededAt),
    query.status ? eq(invoices.status, query.status) : undefined,
    query.billingFrom ? gte(invoices.billingDate, query.billingFrom) : undefined,
    query.billingTo ? lte(invoices.billingDate, query.billingTo) : undefined,
    query.amountMin !== undefined ? gte(invoices.amount, query.amountMin) : undefined,
    query.amountMax !== undefined ? lte(invoices.amount, query.amountMax) : undefined,
    query.companyId ? eq(counterpartId, query.companyId) : undefined,
    query.projectId ? eq(invoices.projectId, query.projectId) : undefined,
    // Only a current version is overdue (a kept one is billed no more).
    query.overdue === 'true'
      ? and(eq(invoices.status, 'BILLED'), lt(invoices.dueDate, now), isNull(invoices.supersededAt))
      : undefined,
    query.invoiceNumber ? eq(invoices.invoiceNumber, query.invoiceNumber) : undefined,
  );
  const [{ total } = { total: 0 }] = await app.db.select({ total: count() }).from(invoices).where(where);
  if (total === 0) return empty;
  const rows = await app.db
    .select({
      invoice: invoices,
      projectTitle: projects.title,
      cpId: counterpart.id,
      cpName: counterpart.name,
    })
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .innerJoin(counterpart, eq(counterpart.id, counterpartId))
    .where(where)
    .orderBy(...orderOf(INVOICE_SORT, query.sort, query.order, invoices.id))
    .limit(query.size)
    .offset(offsetOf(query));
  return {
    items: rows.map((r) =>
      toListItem(
        r.invoice,
        { projectTitle: r.projectTitle, counterpart: { id: r.cpId, name: r.cpName } },
        now,
      ),
    ),
    total,
    page: query.page,
    size: query.size,
  };
}

/** GET .../invoices/filter-options: whom and which projects the caller's current invoices name. */
export async function invoiceFilterOptions(db: DbOrTx, session: Session): Promise<InvoiceFilterOptions> {
  const side = invoiceSideOf(session);
  if (!session.companyId) return { counterparties: [], projects: [] };
  const where = and(invoiceScope(side, session.companyId), isNull(invoices.supersededAt));
  const counterpartId = side === 'TRANSPORT' ? invoices.dischargerCompanyId : invoices.transportCompanyId;
  const counterparties = await db
    .selectDistinct({ id: companies.id, name: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, counterpartId))
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(500);
  const projectRows = await db
    .selectDistinct({ id: projects.id, title: projects.title })
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId))
    .where(where)
    .orderBy(asc(projects.title), asc(projects.id))
    .limit(500);
  return { counterparties, projects: projectRows };
}

/** GET /invoices/{id} and /trans/invoices/{id}: one version with its files, sends, versions and actions. */
export async function invoiceDetail(
  app: FastifyInstance,
  session: Session,
  id: number,
): Promise<InvoiceDetail> {
  const inv = await invoiceFor(app.db, session, id);
  return detailOf(app, app.db, inv, inv.side);
}

async function detailOf(
  app: FastifyInstance,
  db: DbOrTx,
  inv: InvoiceRow,
  side: 'WASTE' | 'TRANSPORT',
): Promise<InvoiceDetail> {
  const now = today(app);
  const [project] = await db
    .select({ title: projects.title })
    .from(projects)
    .where(eq(projects.id, inv.projectId));
  const parties = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [inv.transportCompanyId, inv.dischargerCompanyId]));
  const party = (cid: number) => ({ id: cid, name: parties.find((p) => p.id === cid)?.name ?? '' });
  const files = await db
    .select(attachmentColumns)
    .from(attachments)
    .where(and(eq(attachments.ownerType, INVOICE_OWNER), eq(attachments.ownerId, inv.id)))
    .orderBy(asc(attachments.id));
  const sends = await db
    .select({
      id: invoiceSends.id,
      kind: invoiceSends.kind,
      step: invoiceSends.step,
      invoiceId: invoiceSends.invoiceId,
      sentBy: users.userName,
      sentByEmail: users.email,
      at: invoiceSends.createdAt,
      recipients: invoiceSends.recipients,
      filesAttached: invoiceSends.filesAttached,
    })
    .from(invoiceSends)
    .leftJoin(users, eq(users.id, invoiceSends.sentBy))
    .where(eq(invoiceSends.rootId, inv.rootId))
    .orderBy(desc(invoiceSends.createdAt), desc(invoiceSends.id));
  const versions = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.rootId, inv.rootId), side === 'WASTE' ? isNotNull(invoices.billedAt) : undefined))
    .orderBy(desc(invoices.version));
  const item = toListItem(
    inv,
    {
      projectTitle: project?.title ?? '',
      counterpart: party(side === 'TRANSPORT' ? inv.dischargerCompanyId : inv.transportCompanyId),
    },
    now,
  );
  return {
    ...item,
    contractId: inv.contractId,
    transporter: party(inv.transportCompanyId),
    discharger: party(inv.dischargerCompanyId),
    source: inv.source,
    lines: inv.lines ?? null,
    payeeAccounts: inv.paymentMethod === 'PAYMENT_INVOICE' ? inv.payeeAccounts : [],
    files: files.map(toAttachment),
    sends: sends.map((s) => ({
      id: s.id,
      kind: s.kind,
      step: s.step,
      invoiceId: s.invoiceId,
      // The discharger sees that the transporter sent it, not who at the transporter.
      sentBy: side === 'TRANSPORT' ? s.sentBy || s.sentByEmail || null : null,
      at: s.at.toISOString(),
      recipients: s.recipients,
      filesAttached: s.filesAttached,
    })),
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      billingDate: v.billingDate,
      dueDate: v.dueDate,
      amount: v.amount,
      status: v.status as InvoiceStatus,
      createdAt: v.createdAt.toISOString(),
      supersededAt: v.supersededAt?.toISOString() ?? null,
    })),
    supersededById: inv.supersededById,
    supersededAt: inv.supersededAt?.toISOString() ?? null,
    keptUntil: keptUntil('invoice', {
      billingDate: inv.billingDate,
      dueDate: inv.dueDate,
      settlementDate: inv.settlementDate,
      updatedOn: tokyoDate(inv.updatedAt),
      supersededOn: inv.supersededAt ? tokyoDate(inv.supersededAt) : null,
    }),
    actions: invoiceActions(inv.status as InvoiceStatus, side, inv.paymentMethod, !inv.supersededAt),
  };
}

/** GET .../invoices/{id}/files/{fileId}: one file of a version the session may see. */
export async function readInvoiceFile(app: FastifyInstance, session: Session, id: number, fileId: number) {
  const inv = await invoiceFor(app.db, session, id);
  const [row] = await app.db
    .select({
      fileName: attachments.fileName,
      mimeType: attachments.mimeType,
      storageDriver: attachments.storageDriver,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .where(
      and(
        eq(attachments.id, fileId),
        eq(attachments.ownerType, INVOICE_OWNER),
        eq(attachments.ownerId, inv.id),
      ),
    );
  if (!row) throw new AppError('not_found', 'File not found');
  return openStoredFile(app.files, row);
}

function requireAction(inv: InvoiceRow, action: ReturnType<typeof invoiceActions>[number]) {
  requireCurrent(inv);
  if (!invoiceActions(inv.status as InvoiceStatus, 'TRANSPORT', inv.paymentMethod).includes(action))
    throw new AppError('invalid_status_transition', 'Invalid status transition');
}

/**
 * POST /trans/invoices/{id}/send: UNCLAIMED -> BILLED, mailing the discharger the invoice (and, for a card
 * invoice, the payment notice), in one transaction.
 */
export async function sendInvoice(app: FastifyInstance, caller: Caller, id: number): Promise<InvoiceDetail> {
  requireTransporter(caller.session);
  return app.db.transaction(async (tx) => {
    const inv = await invoiceFor(tx, caller.session, id, true);
    requireAction(inv, 'SEND');
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
    return detailOf(app, tx, billed!, 'TRANSPORT');
  });
}

/** POST /trans/invoices/{id}/resend: the attachment mail (billed or paid) or the card payment notice (billed). */
export async function resendInvoiceMail(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  kind: Extract<InvoiceSendKind, 'ATTACHMENT_MAIL' | 'PAYMENT_NOTICE_MAIL'>,
): Promise<InvoiceDetail> {
  requireTransporter(caller.session);
  return app.db.transaction(async (tx) => {
    const inv = await invoiceFor(tx, caller.session, id, true);
    requireAction(inv, kind === 'ATTACHMENT_MAIL' ? 'RESEND_ATTACHMENT_MAIL' : 'RESEND_PAYMENT_NOTICE');
    await sendInvoiceMail(app, tx, inv, { kind, by: caller.session });
    await recordAudit(tx, caller, {
      action: 'invoice.resend',
      entity: 'invoice',
      entityId: inv.id,
      detail: { kind },
    });
    return detailOf(app, tx, inv, 'TRANSPORT');
  });
}

/**
 * A generated invoice is corrected by its lines, never by a bare amount or other files: its document must stay
 * the bill. Answers the field issues of a correction that tries otherwise.
 */
function generatedCorrectionIssues(input: CorrectInvoiceInput, newFiles: StoredFile[]) {
  const code = 'invoice_generated_correct_lines' as const;
  const issues: { field: string; code: MessageCode }[] = [];
  if (input.amount !== undefined || !input.lines) issues.push({ field: 'amount', code });
  if (newFiles.length) issues.push({ field: 'files', code });
  if (input.keepFileIds.length) issues.push({ field: 'keepFileIds', code });
  return issues;
}

/**
 * The new PDF of a generated invoice's correction, rendered from the corrected lines and stored before the
 * correction's transaction (rendering and storing do not hold the invoice's lock); the caller deletes it if the
 * correction fails.
 */
async function regeneratedFile(app: FastifyInstance, inv: InvoiceRow, input: CorrectInvoiceInput) {
  const issues = invoiceDraftIssues(input, inv.paymentMethod, 1).filter((i) => i.path !== 'amount');
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
  ).find((i) => i.path === 'amount');
  if (amountIssue) failWith([{ field: 'lines', code: amountIssue.code }]);
  const file = await storeGeneratedFile(app.files, {
    fileName: generated.fileName,
    content: generated.pdf,
    mimeType: 'application/pdf',
  });
  return { generated, file };
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
  requireTransporter(session);
  const seen = await invoiceFor(app.db, session, id);
  requireAction(seen, 'CORRECT');
  const isGenerated = seen.source === 'GENERATED';
  if (isGenerated) {
    const issues = generatedCorrectionIssues(input, newFiles);
    if (issues.length) failWith(issues);
  } else if (input.lines) failWith([{ field: 'lines', code: 'invalid_format' }]);
  const regenerated = isGenerated ? await regeneratedFile(app, seen, input) : null;
  try {
    return await app.db.transaction(async (tx) => {
      const old = await invoiceFor(tx, session, id, true);
      requireAction(old, 'CORRECT');
      // The PDF was made for the version read before: a correction made meanwhile supersedes it (409 above).
      const oldFiles = await tx
        .select()
        .from(attachments)
        .where(and(eq(attachments.ownerType, INVOICE_OWNER), eq(attachments.ownerId, old.id)))
        .orderBy(asc(attachments.id));
      const keep = [...new Set(input.keepFileIds)];
      const amount = regenerated ? regenerated.generated.amountTotal : input.amount;
      if (!regenerated) {
        const issues: { field: string; code: MessageCode }[] = [];
        if (keep.some((fid) => !oldFiles.some((f) => f.id === fid)))
          issues.push({ field: 'keepFileIds', code: 'invalid_format' });
        issues.push(
          ...invoiceDraftIssues(input, old.paymentMethod, keep.length + newFiles.length).map(issueField('')),
        );
        if (issues.length) failWith(issues);
      }
      const newId = await nextInvoiceId(tx);
      const billed = old.status === 'BILLED';
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
          billingDate: input.billingDate,
          dueDate: input.dueDate,
          amount: amount!,
          status: old.status,
          billedAt: billed ? app.now() : null,
          source: old.source,
          billedMonth: old.billedMonth,
          invoiceNumber: old.invoiceNumber,
          lines: regenerated?.generated.lines ?? null,
          payeeAccounts:
            regenerated?.generated.payeeAccounts ??
            (await payeeAccountsFor(tx, old.transportCompanyId, old.paymentMethod)),
          createdBy: session.userId,
          actingAdminId: session.adminId ?? null,
        })
        .returning();
      await tx.update(invoices).set({ supersededById: newId }).where(eq(invoices.id, old.id));
      // Kept files are the same stored objects, named again by the new version (invoice files are never deleted);
      // a generated invoice's new version has its new PDF only.
      await insertFiles(
        tx,
        newId,
        regenerated
          ? [regenerated.file]
          : [...oldFiles.filter((f) => keep.includes(f.id)), ...newFiles].map((f) => ({
              fileName: f.fileName,
              mimeType: f.mimeType,
              size: f.size,
              sha256: f.sha256,
              storageDriver: f.storageDriver,
              storageKey: f.storageKey,
            })),
        session.userId,
      );
      await recordAudit(tx, caller, {
        action: 'invoice.correct',
        entity: 'invoice',
        entityId: newId,
        detail: {
          supersedes: old.id,
          from: { amount: old.amount, billingDate: old.billingDate, dueDate: old.dueDate },
          to: { amount, billingDate: input.billingDate, dueDate: input.dueDate },
          ...(regenerated
            ? { lines: regenerated.generated.lines.map((l) => [l.key, l.quantity, l.unitPrice]) }
            : { keptFiles: keep, newFiles: newFiles.map((f) => f.fileName) }),
        },
      });
      if (billed)
        await sendInvoiceMail(app, tx, row!, { kind: 'ATTACHMENT_MAIL', by: session, corrected: true });
      return detailOf(app, tx, row!, 'TRANSPORT');
    });
  } catch (error) {
    if (regenerated) await app.files.deleteQuietly([storedRefOf(regenerated.file)], app.log);
    throw error;
  }
}

export { detailOf as invoiceDetailOf };
