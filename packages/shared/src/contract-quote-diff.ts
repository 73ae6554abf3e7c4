/**
 * Where a contract's prices differ from the accepted quote, so the discharger confirms the contract knowing
 * which lines were changed after the quote was accepted.
 */

/** One priced line of a quote or a contract. */
export interface PricedLine {
  /** The project's waste line the price is for. */
  wasteLineId: number;
  wasteName: string;
  /** null: not stated (the line is then matched on its waste alone). */
  unit: string | null;
  unitPrice: number;
  /** The two parts of a line priced for transport and disposal together, else null. */
  transportUnitPrice: number | null;
  disposalUnitPrice: number | null;
  /** Compared only when both sides state it (a contract takes the quoted quantity). */
  quantity?: number | null;
}

export const COMPARED_LINE_FIELDS = [
  'unitPrice',
  'transportUnitPrice',
  'disposalUnitPrice',
  'quantity',
] as const;
export type ComparedLineField = (typeof COMPARED_LINE_FIELDS)[number];

export interface LineComparison {
  wasteLineId: number;
  wasteName: string;
  unit: string | null;
  /** null: the line is only in the contract. */
  quote: PricedLine | null;
  /** null: the line is only in the quote. */
  contract: PricedLine | null;
  /** The fields whose values differ, when the line is in both. */
  changed: ComparedLineField[];
  /** Changed, or in one of them only. */
  isDifferent: boolean;
}

export interface ContractQuoteComparison {
  /** The contract's lines in its order, then the lines only the quote has, in the quote's order. */
  lines: LineComparison[];
  /** How many lines differ: the "見積と異なる項目が N 件" of the confirmation. */
  differenceCount: number;
}

/** Lines are the same line when they price the same waste in the same unit (an unstated unit matches any). */
const sameLine = (a: PricedLine, b: PricedLine) =>
  a.wasteLineId === b.wasteLineId && (a.unit === null || b.unit === null || a.unit === b.unit);

function changedFields(quote: PricedLine, contract: PricedLine): ComparedLineField[] {
  return COMPARED_LINE_FIELDS.filter((field) => {
    const [q, c] = [quote[field] ?? null, contract[field] ?? null];
    // Quantities: the contract states none of its own, so only a stated one can differ.
    if (field === 'quantity' && (q === null || c === null)) return false;
    return q !== c;
  });
}

export function compareContractWithQuote(
  quoteLines: readonly PricedLine[],
  contractLines: readonly PricedLine[],
): ContractQuoteComparison {
  const unmatched = [...quoteLines];
  const lines: LineComparison[] = contractLines.map((contract) => {
    const at = unmatched.findIndex((q) => sameLine(q, contract));
    const quote = at >= 0 ? unmatched.splice(at, 1)[0]! : null;
    const changed = quote ? changedFields(quote, contract) : [];
    return {
      wasteLineId: contract.wasteLineId,
      wasteName: contract.wasteName,
      unit: contract.unit ?? quote?.unit ?? null,
      quote,
      contract,
      changed,
      isDifferent: !quote || changed.length > 0,
    };
  });
  for (const quote of unmatched)
    lines.push({
      wasteLineId: quote.wasteLineId,
      wasteName: quote.wasteName,
      unit: quote.unit,
      quote,
      contract: null,
      changed: [],
      isDifferent: true,
    });
  return { lines, differenceCount: lines.filter((l) => l.isDifferent).length };
}
