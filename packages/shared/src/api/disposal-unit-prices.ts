import { z } from 'zod';
import { idSchema } from '../validation';
import { periodDateSchema, unitPriceSchema } from './collection-areas';
import { pageOf, pageQuerySchema, sortOrderSchema } from './common';

/**
 * A disposal contractor's disposal unit price (処分単価) of one waste, per unit, for one period (both ends
 * inclusive, no `validTo` = until further notice). Refused: validTo before validFrom (invalid_period, on
 * validTo) and a period sharing a day with another price of the same waste and unit (period_overlap, on
 * validFrom, see rules/disposal-unit-price.ts).
 */
export const disposalUnitPriceRequestSchema = z.object({
  wasteId: idSchema,
  unitMeasureId: idSchema,
  unitPrice: unitPriceSchema,
  validFrom: periodDateSchema,
  validTo: periodDateSchema.nullish(),
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

export const DISPOSAL_UNIT_PRICE_SORTS = ['wasteName', 'unitPrice', 'validFrom'] as const;
export type DisposalUnitPriceSort = (typeof DISPOSAL_UNIT_PRICE_SORTS)[number];
export const disposalUnitPriceListQuerySchema = pageQuerySchema.extend({
  /** Part of the waste name or code. */
  keyword: z.string().trim().max(64).optional(),
  /** Only prices valid today (Japan time). */
  currentOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(DISPOSAL_UNIT_PRICE_SORTS).default('wasteName'),
  order: sortOrderSchema,
});
export type DisposalUnitPriceListQuery = z.infer<typeof disposalUnitPriceListQuerySchema>;
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
