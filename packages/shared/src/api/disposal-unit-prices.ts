import { z } from 'zod';
import { idSchema } from '../validation';
import { pageOf } from './common';
import { type PeriodPriceListQuery, periodPriceFields, periodPriceListQuerySchema } from './period-prices';

/**
 * A disposal contractor's disposal unit price (処分単価) of one waste, per unit, for one period (both ends
 * inclusive, no `validTo` = until further notice). Refused: validTo before validFrom (invalid_period, on
 * validTo) and a period sharing a day with another price of the same waste and unit (period_overlap, on
 * validFrom, the shared rule of rules/price-period.ts).
 */
export const disposalUnitPriceRequestSchema = z.object({
  wasteId: idSchema,
  unitMeasureId: idSchema,
  ...periodPriceFields,
});
export type DisposalUnitPriceRequest = z.infer<typeof disposalUnitPriceRequestSchema>;

export const disposalUnitPriceSchema = z.object({
  id: z.number(),
  wasteId: z.number(),
  wasteName: z.string(),
  wasteCode: z.string(),
  wasteCategory: z.string(),
  unitMeasureId: z.number(),
  unit: z.string(),
  unitPrice: z.number(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  updatedAt: z.string(),
});
export type DisposalUnitPrice = z.infer<typeof disposalUnitPriceSchema>;

/** The price list's query: the one of every period price list (a waste keyword, currentOnly, the sort). */
export const disposalUnitPriceListQuerySchema = periodPriceListQuerySchema;
export type DisposalUnitPriceListQuery = PeriodPriceListQuery;
export const disposalUnitPricePageSchema = pageOf(disposalUnitPriceSchema);
export type DisposalUnitPricePage = z.infer<typeof disposalUnitPricePageSchema>;

/**
 * GET /trans/disposal-unit-prices/permits: the major waste classes the company's live disposal permits cover
 * today. Empty: it holds no disposal permit, and no disposal unit price can be registered.
 */
export const disposalPermitKindsSchema = z.object({
  wasteKinds: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type DisposalPermitKinds = z.infer<typeof disposalPermitKindsSchema>;
