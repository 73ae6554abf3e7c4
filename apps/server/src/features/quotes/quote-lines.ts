import type { CreateQuote } from '@junkan/shared/api/quotes';
import { QUOTE_AMOUNT_MAX, type QuoteTotals } from '@junkan/shared/quote-amount';
import { quoteLinePricingIssue, REGULAR_QUANTITY_UNIT } from '@junkan/shared/quote-pricing';
import { combineUnitPrice, hasPriceParts, UNIT_PRICE_PARTS } from '@junkan/shared/rules/combined-unit-price';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { projectWasteLines, unitMeasures } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { listedLinePrices, unitPriceNotConfirmed } from '../project-core/line-prices';
import type { ProjectRow } from '../project-core/project-access';

// A quote's lines: checked against the project's waste lines, priced (in two parts where the contract form asks),
// their amounts bounded, and written as rows.

/** The project's waste lines, as a quote prices them. */
const projectLines = (tx: Tx, projectId: number) =>
  tx
    .select({
      id: projectWasteLines.id,
      kind: projectWasteLines.kind,
      bags: projectWasteLines.bags,
      unitMeasureId: projectWasteLines.unitMeasureId,
      wasteName: projectWasteLines.wasteName,
    })
    .from(projectWasteLines)
    .where(eq(projectWasteLines.projectId, projectId));

type WasteLine = Awaited<ReturnType<typeof projectLines>>[number];

/** Each input line prices one of the project's waste lines as the shared pricing rule allows, and every one is priced. */
function checkQuoteLines(input: CreateQuote, wasteLines: readonly WasteLine[]) {
  const known = new Map(wasteLines.map((l) => [l.id, l]));
  input.lines.forEach((line, i) => {
    const wasteLine = known.get(line.wasteLineId);
    if (!wasteLine) throw fieldError(`lines.${i}.wasteLineId`, 'not_found');
    const issue = quoteLinePricingIssue(line, wasteLine);
    if (issue) throw fieldError(`lines.${i}.${issue.field}`, issue.code);
  });
  if (input.lines.length !== wasteLines.length) throw fieldError('lines', 'MSG_00_21');
}

/** Every unit of measure the input names is in the unit master. */
async function requireKnownUnits(tx: Tx, input: CreateQuote) {
  const unitIds = [...new Set(input.lines.map((l) => l.unitMeasureId).filter((v): v is number => v != null))];
  if (!unitIds.length) return;
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

/** The project's waste lines, once the input is found to price each of them in known units. */
export async function requireQuotableLines(tx: Tx, projectId: number, input: CreateQuote) {
  const wasteLines = await projectLines(tx, projectId);
  checkQuoteLines(input, wasteLines);
  await requireKnownUnits(tx, input);
  return wasteLines;
}

/**
 * Lines of a quote for transport and disposal together: each industrial line's two parts must both be found in
 * the company's price lists today (else unit_price_cannot_be_confirmed, on the missing part, with the line's
 * waste), and the typed parts (the listed ones by default) make its unit price.
 */
export async function pricedQuoteLines(
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

type PricedLine = Awaited<ReturnType<typeof pricedQuoteLines>>['lines'][number];

/** No line's amount, and not the total, may pass what the amount columns hold. */
export function requireQuoteAmounts(totals: QuoteTotals) {
  totals.amounts.forEach((amount, i) => {
    if (amount > QUOTE_AMOUNT_MAX) throw fieldError(`lines.${i}.unitPrice`, 'invalid_format');
  });
  if (totals.totalAmount > QUOTE_AMOUNT_MAX) throw fieldError('lines', 'invalid_format');
}

/** The unit master's kg, which regular garbage is weighed in (section 9), when the master has it. */
export async function regularQuantityUnitId(tx: Tx): Promise<number | null> {
  const [row] = await tx
    .select({ id: unitMeasures.id })
    .from(unitMeasures)
    .where(eq(unitMeasures.unit, REGULAR_QUANTITY_UNIT))
    .limit(1);
  return row?.id ?? null;
}

/** The rows of the quote's lines, with the amounts `quoteTotals` made of them. */
export function quoteLineRows(
  quoteId: number,
  lines: readonly PricedLine[],
  wasteLines: readonly WasteLine[],
  amounts: readonly number[],
  kg: number | null,
) {
  const known = new Map(wasteLines.map((l) => [l.id, l]));
  return lines.map((line, i) => {
    const wasteLine = known.get(line.wasteLineId);
    // A bag or collection price has no unit of measure; a regular line by quantity is in kg.
    const unitMeasureId =
      line.pricingBasis !== 'QUANTITY'
        ? null
        : (line.unitMeasureId ?? wasteLine?.unitMeasureId ?? (wasteLine?.kind === 'REGULAR' ? kg : null));
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
      amount: amounts[i]!,
    };
  });
}
