import { z } from 'zod';
import { isoDateSchema } from '../validation';
import { pageQuerySchema, sortOrderSchema } from './common';

/**
 * What the price masters with validity periods share on the wire (handling-waste prices, disposal unit prices,
 * collection-area prices): the price and its period, and the list query of a paged price list. Their rules
 * (invalid_period, period_overlap, the status on a day) are in rules/price-period.ts.
 */

/** Whole yen, tax excluded (ruling 10). */
export const MAX_UNIT_PRICE = 99_999_999;

/** A date of a validity period, YYYY-MM-DD. */
export const periodDateSchema = isoDateSchema();

export const unitPriceSchema = z
  .number({ error: 'MSG_00_21' })
  .int('unit_price_invalid')
  .min(0, 'unit_price_invalid')
  .max(MAX_UNIT_PRICE, 'unit_price_invalid');

/** A price and its period (both ends inclusive; no `validTo` = until further notice), spread into a request. */
export const periodPriceFields = {
  unitPrice: unitPriceSchema,
  validFrom: periodDateSchema,
  validTo: periodDateSchema.nullish(),
};

export const PERIOD_PRICE_SORTS = ['wasteName', 'unitPrice', 'validFrom'] as const;
export type PeriodPriceSort = (typeof PERIOD_PRICE_SORTS)[number];

/** A paged price list: a keyword on the waste, only the prices in effect today, the sort. */
export const periodPriceListQuerySchema = pageQuerySchema.extend({
  /** Part of the waste name or code. */
  keyword: z.string().trim().max(64).optional(),
  /** Only prices valid today (Japan time). */
  currentOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(PERIOD_PRICE_SORTS).default('wasteName'),
  order: sortOrderSchema,
});
export type PeriodPriceListQuery = z.infer<typeof periodPriceListQuerySchema>;
