import { z } from 'zod';
import { idSchema } from '../validation';
import { pageOf } from './common';
import { periodPriceFields, periodPriceListQuerySchema } from './period-prices';

/** The platform's handling-waste unit price of one waste for one period (period_overlap per waste). */
export const handlingWastePriceRequestSchema = z.object({
  wasteId: idSchema,
  unitMeasureId: idSchema.nullish(),
  ...periodPriceFields,
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

/** The price list's query: the one of every period price list (a waste keyword, currentOnly, the sort). */
export const handlingWastePriceListQuerySchema = periodPriceListQuerySchema;
export const handlingWastePricePageSchema = pageOf(handlingWastePriceSchema);
export type HandlingWastePricePage = z.infer<typeof handlingWastePricePageSchema>;
