import { z } from 'zod';
import { idSchema } from '../validation';
import { periodDateSchema, unitPriceSchema } from './collection-areas';
import { pageOf, pageQuerySchema, sortOrderSchema } from './common';

/** The platform's handling-waste unit price of one waste for one period (period_overlap per waste). */
export const handlingWastePriceRequestSchema = z.object({
  wasteId: idSchema,
  unitMeasureId: idSchema.nullish(),
  unitPrice: unitPriceSchema,
  validFrom: periodDateSchema,
  validTo: periodDateSchema.nullish(),
});
export type HandlingWastePriceRequest = z.infer<typeof handlingWastePriceRequestSchema>;

export const handlingWastePriceSchema = z.object({
  id: z.number(),
  wasteId: z.number(),
  wasteName: z.string(),
  wasteCode: z.string(),
  wasteCategory: z.string(),
  unitMeasureId: z.number().nullable(),
  unit: z.string().nullable(),
  unitPrice: z.number(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
export type HandlingWastePrice = z.infer<typeof handlingWastePriceSchema>;

export const HANDLING_WASTE_PRICE_SORTS = ['wasteName', 'unitPrice', 'validFrom'] as const;
export const handlingWastePriceListQuerySchema = pageQuerySchema.extend({
  /** Part of the waste name or code. */
  keyword: z.string().trim().max(64).optional(),
  /** Only prices valid today (Japan time). */
  currentOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(HANDLING_WASTE_PRICE_SORTS).default('wasteName'),
  order: sortOrderSchema,
});
export const handlingWastePricePageSchema = pageOf(handlingWastePriceSchema);
export type HandlingWastePricePage = z.infer<typeof handlingWastePricePageSchema>;
