import type { Contract } from '@junkan/shared/api/contracts';
import type { ProjectQuote } from '@junkan/shared/api/projects';
import { type ContractQuoteComparison, compareContractWithQuote } from '@junkan/shared/contract-quote-diff';
import { priceUnitOf, priceUnitText } from '@junkan/shared/quote-pricing';

/** The contract's prices against the accepted quote's; null without an accepted quote to compare with. */
export function compareWithAcceptedQuote(
  contract: Pick<Contract, 'unitPrices'>,
  quote: ProjectQuote | null | undefined,
): ContractQuoteComparison | null {
  if (quote?.status !== 'ACCEPTED') return null;
  return compareContractWithQuote(
    quote.lines.map((l) => ({
      wasteLineId: l.wasteLineId,
      wasteName: l.wasteName,
      // The contract's unit is the quote line's price unit (per kg, per bag, per collection).
      unit: priceUnitText(priceUnitOf({ ...l, unit: l.unitMeasure?.unit ?? null })),
      unitPrice: l.unitPrice,
      transportUnitPrice: l.transportUnitPrice,
      disposalUnitPrice: l.disposalUnitPrice,
      quantity: l.quantity,
    })),
    contract.unitPrices,
  );
}
