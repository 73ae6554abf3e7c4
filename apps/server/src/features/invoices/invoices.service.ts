/**
 * Invoices as both parties read them: the list (with the electronic bookkeeping search), the filter options, one
 * version's detail and its files. Writing them is invoice-registration.ts, invoice-correction.ts,
 * invoice-sending.ts and invoice-payment.ts; the billed-month rule invoice-billed-months.ts.
 */

import type { Page } from '@junkan/shared/api/common';
import type {
  InvoiceDetail,
  InvoiceFilterOptions,
  InvoiceListItem,
  InvoiceListQuery,
} from '@junkan/shared/api/invoices';
import { type InvoiceStatus, invoiceActions } from '@junkan/shared/invoice-rules';
import { keptUntil } from '@junkan/shared/rules/retention';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { attachments, companies, invoiceSends, invoices, projects, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { offsetOf, orderOf } from '../../lib/paging';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { attachmentColumns, openStoredFile, toAttachment } from '../../plugins/file-storage';
import {
  INVOICE_OWNER,
  type InvoiceRow,
  invoiceFor,
  invoiceScope,
  invoiceSideOf,
  toListItem,
} from './invoice-records';

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
  caller: Caller,
  query: InvoiceListQuery,
): Promise<Page<InvoiceListItem>> {
  const side = invoiceSideOf(caller.session);
  const empty = { items: [], total: 0, page: query.page, size: query.size };
  const now = tokyoDate(app.now());
  const counterpart = alias(companies, 'counterpart');
  const counterpartId = side === 'TRANSPORT' ? invoices.dischargerCompanyId : invoices.transportCompanyId;
  const where = and(
    invoiceScope(side, caller.companyId),
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
export async function invoiceFilterOptions(db: DbOrTx, caller: Caller): Promise<InvoiceFilterOptions> {
  const side = invoiceSideOf(caller.session);
  const where = and(invoiceScope(side, caller.companyId), isNull(invoices.supersededAt));
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
  caller: Caller,
  id: number,
): Promise<InvoiceDetail> {
  const inv = await invoiceFor(app.db, caller, id);
  return invoiceDetailOf(app, app.db, inv, inv.side);
}

/** What a version's detail reads beside its row: the project, both parties, its files, sends and versions. */
async function detailRowsOf(db: DbOrTx, inv: InvoiceRow, side: 'WASTE' | 'TRANSPORT') {
  const [project] = await db
    .select({ title: projects.title })
    .from(projects)
    .where(eq(projects.id, inv.projectId));
  const parties = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [inv.transportCompanyId, inv.dischargerCompanyId]));
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
  return { projectTitle: project?.title ?? '', parties, files, sends, versions };
}

/** The detail a side sees of a version, from its row and what `detailRowsOf` read, on the Japan date `today`. */
function toInvoiceDetail(
  inv: InvoiceRow,
  rows: Awaited<ReturnType<typeof detailRowsOf>>,
  side: 'WASTE' | 'TRANSPORT',
  today: string,
): InvoiceDetail {
  const party = (cid: number) => ({ id: cid, name: rows.parties.find((p) => p.id === cid)?.name ?? '' });
  const item = toListItem(
    inv,
    {
      projectTitle: rows.projectTitle,
      counterpart: party(side === 'TRANSPORT' ? inv.dischargerCompanyId : inv.transportCompanyId),
    },
    today,
  );
  return {
    ...item,
    contractId: inv.contractId,
    transporter: party(inv.transportCompanyId),
    discharger: party(inv.dischargerCompanyId),
    source: inv.source,
    lines: inv.lines ?? null,
    payeeAccounts: inv.paymentMethod === 'PAYMENT_INVOICE' ? inv.payeeAccounts : [],
    files: rows.files.map(toAttachment),
    sends: rows.sends.map((s) => ({
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
    versions: rows.versions.map((v) => ({
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

/** One version's detail as `side` sees it, read in `db` (a write's transaction answers what it wrote). */
export async function invoiceDetailOf(
  app: FastifyInstance,
  db: DbOrTx,
  inv: InvoiceRow,
  side: 'WASTE' | 'TRANSPORT',
): Promise<InvoiceDetail> {
  const today = tokyoDate(app.now());
  return toInvoiceDetail(inv, await detailRowsOf(db, inv, side), side, today);
}

/** GET .../invoices/{id}/files/{fileId}: one file of a version the session may see. */
export async function readInvoiceFile(app: FastifyInstance, caller: Caller, id: number, fileId: number) {
  const inv = await invoiceFor(app.db, caller, id);
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
