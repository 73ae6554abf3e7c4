import type { ProjectQuote } from '@junkan/shared/api/projects';
import { taxIncluded } from '@junkan/shared/quote-amount';
import { isQuoteExpired } from '@junkan/shared/quote-pricing';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, projectWasteLines, quoteLines, quotes, unitMeasures } from '../../db/schema';
import { listOwnedAttachments } from '../../plugins/file-storage';
import { QUOTE_OWNER } from './project-files';

/** The project's current quote: the one of the transporter the project is with, unless declined. */
export async function projectQuote(
  db: DbOrTx,
  projectId: number,
  transportCompanyId: number | null,
  today: string,
): Promise<ProjectQuote | null> {
  if (transportCompanyId == null) return null;
  const [row] = await db
    .select({ quote: quotes, companyName: companies.name })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.transportCompanyId))
    .where(
      and(
        eq(quotes.projectId, projectId),
        eq(quotes.transportCompanyId, transportCompanyId),
        inArray(quotes.status, ['SUBMITTED', 'ACCEPTED']),
      ),
    );
  if (!row) return null;
  const q = row.quote;
  const lines = await db
    .select({
      line: quoteLines,
      wasteName: projectWasteLines.wasteName,
      kind: projectWasteLines.kind,
      unit: unitMeasures.unit,
    })
    .from(quoteLines)
    .innerJoin(projectWasteLines, eq(projectWasteLines.id, quoteLines.wasteLineId))
    .leftJoin(unitMeasures, eq(unitMeasures.id, quoteLines.unitMeasureId))
    .where(eq(quoteLines.quoteId, q.id))
    .orderBy(asc(projectWasteLines.sortOrder), asc(projectWasteLines.id));
  const [document] = await listOwnedAttachments(db, QUOTE_OWNER, q.id);
  return {
    id: q.id,
    status: q.status,
    transportCompany: { id: q.transportCompanyId, name: row.companyName },
    contractForm: q.contractForm ?? null,
    lines: lines.map(({ line: l, wasteName, kind, unit }) => ({
      id: l.id,
      wasteLineId: l.wasteLineId,
      wasteName,
      kind,
      pricingBasis: l.pricingBasis,
      bagSize: l.bagSize,
      unitPrice: l.unitPrice,
      transportUnitPrice: l.transportUnitPrice,
      disposalUnitPrice: l.disposalUnitPrice,
      quantity: Number(l.quantity),
      unitMeasure: l.unitMeasureId != null ? { id: l.unitMeasureId, unit: unit ?? '' } : null,
      amount: l.amount,
    })),
    totalAmount: q.totalAmount,
    totalWithTax: taxIncluded(q.totalAmount),
    validUntil: q.validUntil,
    isExpired: isQuoteExpired(q.validUntil, today),
    note: q.note,
    document: document ?? null,
    createdDate: q.createdAt.toISOString(),
  };
}
