import {
  type Attachment,
  type CreateQuote,
  combineUnitPrice,
  hasPriceParts,
  isQuoteAnswerable,
  isQuoteExpired,
  QUOTE_AMOUNT_MAX,
  type QuoteSuggestion,
  quoteLinePricingIssue,
  quoteTotals,
  REGULAR_QUANTITY_UNIT,
  UNIT_PRICE_PARTS,
} from '@junkan/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { attachments, projects, projectWasteLines, quoteLines, quotes, unitMeasures } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { tokyoDate } from '../../lib/time';
import type { Caller, Session } from '../../plugins/auth';
import type { StoredRef } from '../../plugins/file-storage';
import { mailCompany } from '../../plugins/mail';
import { requirePermitCoverage } from '../permit-core/project-coverage';
import { listedLinePrices, unitPriceNotConfirmed } from '../project-core/line-prices';
import { type ProjectRow, projectFor, servingTransportCompanies } from '../project-core/project-access';
import { getProjectDetail, projectDetailPath } from '../project-core/project-detail';
import { failOn, storeAttachment, storedRefOf } from '../project-core/project-file-store';
import { listOwnedAttachments, QUOTE_OWNER, storedFileColumns } from '../project-core/project-files';
import { transitionProject } from '../project-core/project-status';

// ---- Reading -----------------------------------------------------------------------------------

const requireTransporter = (session: Session) => {
  if (!session.companyId) throw new AppError('project_not_found', 'Project not found');
  return session.companyId;
};

/** GET /trans/projects/{id}/quote-suggestion: per waste line, the company's prices in effect today (Japan). */
export async function quoteSuggestion(
  app: FastifyInstance,
  session: Session,
  projectId: number,
): Promise<QuoteSuggestion> {
  const companyId = requireTransporter(session);
  const project = await projectFor(app.db, session, projectId);
  const listed = await listedLinePrices(app.db, companyId, project, tokyoDate(app.now()));
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

/**
 * Lines of a quote for transport and disposal together: each industrial line's two parts must both be found in
 * the company's price lists today (else unit_price_cannot_be_confirmed, on the missing part, with the line's
 * waste), and the typed parts (the listed ones by default) make its unit price.
 */
async function pricedQuoteLines(
  tx: Tx,
  companyId: number,
  project: ProjectRow,
  input: CreateQuote,
  wasteNames: ReadonlyMap<number, string>,
  today: string,
) {
  const form = project.type === 'INDUSTRIAL' ? (input.contractForm ?? null) : null;
  const listed = new Map(
    (await listedLinePrices(tx, companyId, project, today)).map((l) => [l.wasteLineId, l]),
  );
  const lines = input.lines.map((line, i) => {
    const found = listed.get(line.wasteLineId);
    if (!found || !hasPriceParts(project.type, form, found.kind))
      return { ...line, transportUnitPrice: null, disposalUnitPrice: null };
    for (const part of UNIT_PRICE_PARTS) {
      const listedPart = part === 'transport' ? found.transportUnitPrice : found.disposalUnitPrice;
      if (listedPart == null)
        throw unitPriceNotConfirmed(`lines.${i}`, part, wasteNames.get(line.wasteLineId));
    }
    const parts = {
      transportUnitPrice: line.transportUnitPrice ?? found.transportUnitPrice,
      disposalUnitPrice: line.disposalUnitPrice ?? found.disposalUnitPrice,
    };
    const combined = combineUnitPrice(parts);
    return { ...line, ...parts, unitPrice: combined.unitPrice ?? line.unitPrice };
  });
  return { form, lines };
}

// ---- Quoting -----------------------------------------------------------------------------------

/**
 * The project a transporter quotes, locked. Not visible to it: 409 when it serves the project's sites (the
 * request was open to it and was answered meanwhile), else 404 as for any other company's project.
 */
async function quotableProject(tx: Tx, session: Session, projectId: number): Promise<ProjectRow> {
  const companyId = requireTransporter(session);
  try {
    return await projectFor(tx, session, projectId, true);
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

/** POST /trans/projects/{id}/quotes: prices every waste line, takes the project and moves it to COMPLETE_QUOTE. */
export async function createQuote(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  input: CreateQuote,
) {
  const { session } = caller;
  const companyId = requireTransporter(session);
  // The earlier quote's document, whose object is deleted once its row is gone for good.
  let replaced: StoredRef[] = [];
  try {
    await app.db.transaction(async (tx) => {
      const project = await quotableProject(tx, session, projectId);
      if (project.status !== 'REQUEST_QUOTE')
        throw new AppError('invalid_status_transition', 'Only an open request can be quoted', undefined, {
          from: project.status,
          to: 'COMPLETE_QUOTE',
        });
      // Issue 15: industrial waste only to a transporter whose permits cover the route and kinds today.
      if (project.type === 'INDUSTRIAL') {
        const today = tokyoDate(app.now());
        await requirePermitCoverage(tx, { projectId, transportCompanyId: companyId, from: today, to: today });
      }
      const wasteLines = await tx
        .select({
          id: projectWasteLines.id,
          kind: projectWasteLines.kind,
          bags: projectWasteLines.bags,
          unitMeasureId: projectWasteLines.unitMeasureId,
          wasteName: projectWasteLines.wasteName,
        })
        .from(projectWasteLines)
        .where(eq(projectWasteLines.projectId, projectId));
      const known = new Map(wasteLines.map((l) => [l.id, l]));
      input.lines.forEach((line, i) => {
        const wasteLine = known.get(line.wasteLineId);
        if (!wasteLine) throw fieldError(`lines.${i}.wasteLineId`, 'not_found');
        const issue = quoteLinePricingIssue(line, wasteLine);
        if (issue) throw fieldError(`lines.${i}.${issue.field}`, issue.code);
      });
      if (input.lines.length !== wasteLines.length) throw fieldError('lines', 'MSG_00_21');
      const unitIds = [
        ...new Set(input.lines.map((l) => l.unitMeasureId).filter((v): v is number => v != null)),
      ];
      if (unitIds.length) {
        const found = await tx
          .select({ id: unitMeasures.id })
          .from(unitMeasures)
          .where(inArray(unitMeasures.id, unitIds));
        const ids = new Set(found.map((u) => u.id));
        input.lines.forEach((line, i) => {
          if (line.unitMeasureId != null && !ids.has(line.unitMeasureId))
            throw fieldError(`lines.${i}.unitMeasureId`, 'not_found');
        });
      }
      const priced = await pricedQuoteLines(
        tx,
        companyId,
        project,
        input,
        new Map(wasteLines.map((l) => [l.id, l.wasteName])),
        tokyoDate(app.now()),
      );
      const totals = quoteTotals(priced.lines);
      totals.amounts.forEach((amount, i) => {
        if (amount > QUOTE_AMOUNT_MAX) throw fieldError(`lines.${i}.unitPrice`, 'invalid_format');
      });
      if (totals.totalAmount > QUOTE_AMOUNT_MAX) throw fieldError('lines', 'invalid_format');

      // One quote per project and company: an earlier (declined) one of this company is replaced.
      const [earlier] = await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.projectId, projectId), eq(quotes.transportCompanyId, companyId)));
      const values = {
        status: 'SUBMITTED' as const,
        totalAmount: totals.totalAmount,
        contractForm: priced.form,
        validUntil: input.validUntil ?? null,
        note: input.note || null,
        createdBy: session.userId,
      };
      let quoteId: number;
      if (earlier) {
        quoteId = earlier.id;
        await tx
          .update(quotes)
          .set({ ...values, updatedAt: app.now() })
          .where(eq(quotes.id, quoteId));
        await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
        const removed = await tx
          .delete(attachments)
          .where(and(eq(attachments.ownerType, QUOTE_OWNER), eq(attachments.ownerId, quoteId)))
          .returning(storedFileColumns);
        replaced = removed.map(storedRefOf);
      } else {
        const [row] = await tx
          .insert(quotes)
          .values({ ...values, projectId, transportCompanyId: companyId })
          .returning({ id: quotes.id });
        quoteId = row!.id;
      }
      const kg = await regularQuantityUnitId(tx);
      await tx.insert(quoteLines).values(
        priced.lines.map((line, i) => {
          const wasteLine = known.get(line.wasteLineId);
          // A bag or collection price has no unit of measure; a regular line by quantity is in kg.
          const unitMeasureId =
            line.pricingBasis !== 'QUANTITY'
              ? null
              : (line.unitMeasureId ??
                wasteLine?.unitMeasureId ??
                (wasteLine?.kind === 'REGULAR' ? kg : null));
          return {
            quoteId,
            wasteLineId: line.wasteLineId,
            unitPrice: line.unitPrice,
            transportUnitPrice: line.transportUnitPrice,
            disposalUnitPrice: line.disposalUnitPrice,
            quantity: line.quantity.toFixed(2),
            unitMeasureId,
            pricingBasis: line.pricingBasis,
            bagSize: line.pricingBasis === 'BAG' ? (line.bagSize ?? null) : null,
            amount: totals.amounts[i]!,
          };
        }),
      );
      await recordAudit(tx, caller, { action: 'quote.submit', entity: 'quote', entityId: quoteId });
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
  const detail = await getProjectDetail(app.db, session, projectId, tokyoDate(app.now()));
  await mailCompany(app, detail.company.id, 'WASTE', {
    subject: '【junkan】見積が届きました / A quote has arrived',
    lines: ['収集運搬業者から見積が届きました。', `案件名: ${detail.projectTitle}`],
    english: 'A transporter has sent a quote for your request.',
    path: projectDetailPath(projectId),
  });
  return detail;
}

/** The unit master's kg, which regular garbage is weighed in (section 9), when the master has it. */
async function regularQuantityUnitId(tx: Tx): Promise<number | null> {
  const [row] = await tx
    .select({ id: unitMeasures.id })
    .from(unitMeasures)
    .where(eq(unitMeasures.unit, REGULAR_QUANTITY_UNIT))
    .limit(1);
  return row?.id ?? null;
}

/** Checks a quote document before its bytes are read: the company's submitted quote and the one-file rule. */
export async function checkQuoteDocument(
  app: FastifyInstance,
  session: Session,
  projectId: number,
  fileName: string,
) {
  const quoteId = await ownSubmittedQuote(app.db, session, projectId);
  failOn(fileName, await listOwnedAttachments(app.db, QUOTE_OWNER, quoteId), undefined, 'QUOTE_DOCUMENT');
}

async function ownSubmittedQuote(db: DbOrTx, session: Session, projectId: number, lock = false) {
  const companyId = requireTransporter(session);
  const project = await projectFor(db, session, projectId, lock);
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

/** POST /trans/projects/{id}/quote-document: the quote's one PDF, streamed into the file storage. */
export async function uploadQuoteDocument(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  file: { fileName: string; stream: AsyncIterable<Buffer> },
): Promise<Attachment> {
  return storeAttachment(app, caller, { use: 'QUOTE_DOCUMENT', ...file }, async (tx) => {
    const quoteId = await ownSubmittedQuote(tx, caller.session, projectId, true);
    return { ownerType: QUOTE_OWNER, ownerId: quoteId, audit: { entity: 'quote', entityId: quoteId } };
  });
}

// ---- The discharger's answer -------------------------------------------------------------------

async function answerQuote(
  app: FastifyInstance,
  caller: Caller,
  projectId: number,
  accept: boolean,
  reason?: string,
) {
  const { session } = caller;
  const transporterId = await app.db.transaction(async (tx) => {
    const project = await projectFor(tx, session, projectId, true);
    if (!isQuoteAnswerable(project.status))
      throw new AppError('invalid_status_transition', 'No quote awaits an answer', undefined, {
        from: project.status,
        to: accept ? 'CREATING_CONTRACT' : 'REQUEST_QUOTE',
      });
    const transportCompanyId = project.transportCompanyId;
    if (accept && transportCompanyId != null) {
      // A quote past its valid-until date (Japan) can only be asked again, not accepted.
      const [quote] = await tx
        .select({ validUntil: quotes.validUntil })
        .from(quotes)
        .where(
          and(
            eq(quotes.projectId, projectId),
            eq(quotes.transportCompanyId, transportCompanyId),
            eq(quotes.status, 'SUBMITTED'),
          ),
        );
      if (quote && isQuoteExpired(quote.validUntil, tokyoDate(app.now())))
        throw new AppError('quote_expired', 'The quote is past its valid-until date', undefined, {
          validUntil: quote.validUntil!.replaceAll('-', '/'),
        });
    }
    if (accept) await transitionProject(tx, caller, project, 'CREATING_CONTRACT', 'WASTE', app.now());
    else
      await transitionProject(tx, caller, project, 'REQUEST_QUOTE', 'WASTE', app.now(), reason, {
        transportCompanyId: null,
      });
    if (transportCompanyId != null) {
      const [quote] = await tx
        .update(quotes)
        .set({ status: accept ? 'ACCEPTED' : 'DECLINED', updatedAt: app.now() })
        .where(
          and(
            eq(quotes.projectId, projectId),
            eq(quotes.transportCompanyId, transportCompanyId),
            eq(quotes.status, 'SUBMITTED'),
          ),
        )
        .returning({ id: quotes.id });
      if (quote)
        await recordAudit(tx, caller, {
          action: accept ? 'quote.accept' : 'quote.decline',
          entity: 'quote',
          entityId: quote.id,
          ...(reason ? { detail: { reason } } : {}),
        });
    }
    return transportCompanyId;
  });
  const detail = await getProjectDetail(app.db, session, projectId, tokyoDate(app.now()));
  if (transporterId != null)
    await mailCompany(app, transporterId, 'TRANSPORT', {
      subject: accept
        ? '【junkan】見積が承認されました / Your quote was accepted'
        : '【junkan】再見積の依頼が届きました / A new quote is requested',
      lines: accept
        ? ['排出事業者が見積を承認しました。契約書の作成に進んでください。', `案件名: ${detail.projectTitle}`]
        : [
            '排出事業者から再見積の依頼が届きました。',
            `案件名: ${detail.projectTitle}`,
            `理由: ${reason ?? ''}`,
          ],
      english: accept ? 'The discharger accepted your quote.' : 'The discharger asks for a new quote.',
      path: projectDetailPath(projectId),
    });
  return detail;
}

/** POST /projects/{id}/accept-quote: COMPLETE_QUOTE -> CREATING_CONTRACT (shown as quote approval). */
export const acceptQuote = (app: FastifyInstance, caller: Caller, projectId: number) =>
  answerQuote(app, caller, projectId, true);

/** POST /projects/{id}/request-requote: COMPLETE_QUOTE -> REQUEST_QUOTE, open again to the area's transporters. */
export const requestRequote = (app: FastifyInstance, caller: Caller, projectId: number, reason: string) =>
  answerQuote(app, caller, projectId, false, reason);
