import type { Attachment } from '@junkan/shared/api/common';
import type { CreateQuote, QuoteSuggestion } from '@junkan/shared/api/quotes';
import { quoteTotals } from '@junkan/shared/quote-amount';
import { isQuoteExpired } from '@junkan/shared/quote-pricing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { attachments, projects, quoteLines, quotes } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import {
  listOwnedAttachments,
  type StoredFile,
  type StoredRef,
  storedFileColumns,
  storedRefOf,
} from '../../plugins/file-storage';
import { mailCompany } from '../../plugins/mail';
import { requirePermitCoverage } from '../permit-core/project-coverage';
import { listedLinePrices } from '../project-core/line-prices';
import { type ProjectRow, projectFor, servingTransportCompanies } from '../project-core/project-access';
import { getProjectDetail, projectDetailPath } from '../project-core/project-detail';
import { failOn, recordAttachment } from '../project-core/project-file-store';
import { QUOTE_OWNER } from '../project-core/project-files';
import { transitionProject } from '../project-core/project-status';
import {
  pricedQuoteLines,
  quoteLineRows,
  regularQuantityUnitId,
  requireQuotableLines,
  requireQuoteAmounts,
} from './quote-lines';

// The transporter's quote: the suggested prices, the quote itself and its document. The discharger's answer is
// quote-answers.ts; the lines' checks and prices quote-lines.ts.

// ---- Reading -----------------------------------------------------------------------------------

/** GET /trans/projects/{id}/quote-suggestion: per waste line, the company's prices in effect today (Japan). */
export async function quoteSuggestion(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
): Promise<QuoteSuggestion> {
  const project = await projectFor(app.db, caller, projectId);
  const listed = await listedLinePrices(app.db, caller.companyId, project, tokyoDate(app.now()));
  return {
    lines: listed.map((l) => ({
      wasteLineId: l.wasteLineId,
      kind: l.kind,
      unitPrice: l.transportUnitPrice,
      disposalUnitPrice: l.disposalUnitPrice,
      unitMeasure: l.unitMeasure,
      quantity: l.quantity,
    })),
  };
}

// ---- Quoting -----------------------------------------------------------------------------------

/**
 * The project a transporter quotes, locked. Not visible to it: 409 when it serves the project's sites (the
 * request was open to it and was answered meanwhile), else 404 as for any other company's project.
 */
async function quotableProject(tx: Tx, caller: Caller, projectId: number): Promise<ProjectRow> {
  const { companyId } = caller;
  try {
    return await projectFor(tx, caller, projectId, true);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'project_not_found') throw error;
    const [row] = await tx
      .select({ id: projects.id, status: projects.status, type: projects.type })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (row && (await servingTransportCompanies(tx, projectId, row.type)).includes(companyId))
      throw new AppError('invalid_status_transition', 'The request was already answered', undefined, {
        from: row.status,
        to: 'COMPLETE_QUOTE',
      });
    throw error;
  }
}

/**
 * Writes the quote's row: one per project and company, so an earlier (declined) one of this company is replaced,
 * its lines and document removed. Answers its id and the stored document it replaced. The row's `createdAt` is the
 * quote's date (見積日, `createdDate`): a requote is a new quote, dated when it is sent (`at`, the business clock),
 * never with the declined quote's date.
 */
async function writeQuote(
  tx: Tx,
  projectId: number,
  companyId: number,
  values: Omit<typeof quotes.$inferInsert, 'projectId' | 'transportCompanyId'>,
  at: Date,
): Promise<{ quoteId: number; replaced: StoredRef[] }> {
  const [earlier] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.transportCompanyId, companyId)));
  if (!earlier) {
    const [row] = await tx
      .insert(quotes)
      .values({ ...values, projectId, transportCompanyId: companyId, createdAt: at, updatedAt: at })
      .returning({ id: quotes.id });
    return { quoteId: row!.id, replaced: [] };
  }
  const quoteId = earlier.id;
  await tx
    .update(quotes)
    .set({ ...values, createdAt: at, updatedAt: at })
    .where(eq(quotes.id, quoteId));
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  const removed = await tx
    .delete(attachments)
    .where(and(eq(attachments.ownerType, QUOTE_OWNER), eq(attachments.ownerId, quoteId)))
    .returning(storedFileColumns);
  return { quoteId, replaced: removed.map(storedRefOf) };
}

/** POST /trans/projects/{id}/quotes: prices every waste line, takes the project and moves it to COMPLETE_QUOTE. */
export async function createQuote(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  input: CreateQuote,
) {
  const { session, companyId } = caller;
  // The earlier quote's document, whose object is deleted once its row is gone for good.
  let replaced: StoredRef[] = [];
  try {
    await app.db.transaction(async (tx) => {
      const project = await quotableProject(tx, caller, projectId);
      if (project.status !== 'REQUEST_QUOTE')
        throw new AppError('invalid_status_transition', 'Only an open request can be quoted', undefined, {
          from: project.status,
          to: 'COMPLETE_QUOTE',
        });
      const today = tokyoDate(app.now());
      // A quote the discharger could not accept the day it arrives is not sent.
      if (isQuoteExpired(input.validUntil, today)) throw fieldError('validUntil', 'valid_until_in_past');
      // Issue 15: industrial waste only to a transporter whose permits cover the route and kinds today.
      if (project.type === 'INDUSTRIAL')
        await requirePermitCoverage(tx, { projectId, transportCompanyId: companyId, from: today, to: today });
      const wasteLines = await requireQuotableLines(tx, projectId, input);
      const priced = await pricedQuoteLines(
        tx,
        companyId,
        project,
        input,
        new Map(wasteLines.map((l) => [l.id, l.wasteName])),
        tokyoDate(app.now()),
      );
      const totals = quoteTotals(priced.lines);
      requireQuoteAmounts(totals);
      const values = {
        status: 'SUBMITTED' as const,
        totalAmount: totals.totalAmount,
        contractForm: priced.form,
        validUntil: input.validUntil ?? null,
        note: input.note || null,
        createdBy: session.userId,
      };
      const written = await writeQuote(tx, projectId, companyId, values, app.now());
      replaced = written.replaced;
      const kg = await regularQuantityUnitId(tx);
      await tx
        .insert(quoteLines)
        .values(quoteLineRows(written.quoteId, priced.lines, wasteLines, totals.amounts, kg));
      await recordAudit(tx, caller, { action: 'quote.submit', entity: 'quote', entityId: written.quoteId });
      await transitionProject(tx, caller, project, 'COMPLETE_QUOTE', 'TRANSPORT', app.now(), null, {
        transportCompanyId: companyId,
      });
    });
    await app.files.deleteQuietly(replaced, app.log);
  } catch (error) {
    if (uniqueViolation(error) === 'quotes_project_company_unique')
      throw new AppError('invalid_status_transition', 'A quote was registered meanwhile');
    throw error;
  }
  const detail = await getProjectDetail(app.db, caller, projectId, tokyoDate(app.now()));
  await mailCompany(app, detail.company.id, 'WASTE', {
    subject: '【junkan】見積が届きました / A quote has arrived',
    lines: ['収集運搬業者から見積が届きました。', `案件名: ${detail.projectTitle}`],
    english: 'A transporter has sent a quote for your request.',
    path: projectDetailPath(projectId),
  });
  return detail;
}

/** Checks a quote document before its bytes are read: the company's submitted quote and the one-file rule. */
export async function checkQuoteDocument(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  fileName: string,
) {
  const quoteId = await ownSubmittedQuote(app.db, caller, projectId);
  failOn(fileName, await listOwnedAttachments(app.db, QUOTE_OWNER, quoteId), undefined, 'QUOTE_DOCUMENT');
}

async function ownSubmittedQuote(db: DbOrTx, caller: Caller, projectId: number, lock = false) {
  const { companyId } = caller;
  const project = await projectFor(db, caller, projectId, lock);
  const [quote] = await db
    .select({ id: quotes.id, status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.transportCompanyId, companyId)));
  if (quote?.status !== 'SUBMITTED' || project.status !== 'COMPLETE_QUOTE')
    throw new AppError('invalid_status_transition', 'No submitted quote to attach a document to', undefined, {
      from: project.status,
      to: project.status,
    });
  return quote.id;
}

/** POST /trans/projects/{id}/quote-document: the quote's one PDF, already in the file storage. */
export async function uploadQuoteDocument(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  file: StoredFile,
): Promise<Attachment> {
  return recordAttachment(app, caller, 'QUOTE_DOCUMENT', file, async (tx) => {
    const quoteId = await ownSubmittedQuote(tx, caller, projectId, true);
    return { ownerType: QUOTE_OWNER, ownerId: quoteId, audit: { entity: 'quote', entityId: quoteId } };
  });
}
