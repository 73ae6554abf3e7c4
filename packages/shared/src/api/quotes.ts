import { z } from 'zod';
import { CONTRACT_FORMS } from '../contract-rules';
import { QUOTE_UNIT_PRICE_MAX } from '../quote-amount';
import { isBagSize, QUOTE_PRICING_BASES } from '../quote-pricing';
import { idSchema, isoDateSchema } from '../validation';
import { volumeSchema } from './projects';

const quoteYen = z
  .number({ error: 'MSG_00_21' })
  .int('invalid_format')
  .min(0, 'invalid_format')
  .max(QUOTE_UNIT_PRICE_MAX, 'invalid_format');

/**
 * One priced line of a quote: every waste line of the project once. An industrial line of a quote for
 * transport and disposal together (COMBINED) is priced in two parts, each confirmed against the company's
 * price lists (rules/combined-unit-price.ts); its unit price is then their sum, set by the server.
 */
export const createQuoteLineSchema = z
  .object({
    wasteLineId: idSchema,
    unitPrice: quoteYen,
    transportUnitPrice: quoteYen.nullish(),
    disposalUnitPrice: quoteYen.nullish(),
    quantity: volumeSchema,
    unitMeasureId: idSchema.nullish(),
    /** By quantity in the unit (default), per bag of `bagSize` litres, or per collection (regular lines). */
    pricingBasis: z.enum(QUOTE_PRICING_BASES, { error: 'invalid_format' }).default('QUANTITY'),
    bagSize: z.number({ error: 'invalid_format' }).int('invalid_format').nullish(),
  })
  .superRefine((line, ctx) => {
    if (line.pricingBasis === 'BAG' && !isBagSize(line.bagSize))
      ctx.addIssue({ code: 'custom', path: ['bagSize'], message: 'MSG_00_21' });
    if (line.pricingBasis !== 'BAG' && line.bagSize != null)
      ctx.addIssue({ code: 'custom', path: ['bagSize'], message: 'invalid_format' });
  });

/** Body of POST /trans/projects/{id}/quotes. */
export const createQuoteSchema = z
  .object({
    lines: z.array(createQuoteLineSchema).min(1, 'MSG_00_21').max(30),
    /** Industrial projects: the contract form the quote is for; not stated (null) prices as one number. */
    contractForm: z.enum(CONTRACT_FORMS, { error: 'MSG_00_21' }).nullish(),
    validUntil: isoDateSchema().nullish(),
    note: z.string().trim().max(512, 'max_length_exceeded').optional(),
  })
  .superRefine((q, ctx) => {
    const seen = new Set<number>();
    q.lines.forEach((line, i) => {
      if (seen.has(line.wasteLineId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'wasteLineId'], message: 'invalid_format' });
      seen.add(line.wasteLineId);
    });
  });
export type CreateQuote = z.infer<typeof createQuoteSchema>;
export type CreateQuoteInput = z.input<typeof createQuoteSchema>;

/**
 * GET /trans/projects/{id}/quote-suggestion: per waste line, the transporter's prices in effect today (Japan),
 * null where it has none: `unitPrice` is the transport (collection-area) price, `disposalUnitPrice` the disposal
 * price of an industrial line's waste in the line's unit (only while a disposal permit covers the waste kind).
 */
export const quoteSuggestionSchema = z.object({
  lines: z.array(
    z.object({
      wasteLineId: z.number(),
      kind: z.enum(['INDUSTRIAL', 'REGULAR']),
      unitPrice: z.number().nullable(),
      disposalUnitPrice: z.number().nullable(),
      unitMeasure: z.object({ id: z.number(), unit: z.string() }).nullable(),
      /** The quantity the request states (industrial quantity, regular monthly kg), when any. */
      quantity: z.number().nullable(),
    }),
  ),
});
export type QuoteSuggestion = z.infer<typeof quoteSuggestionSchema>;

/** Body of POST /projects/{id}/request-requote: why the discharger asks again. */
export const requestRequoteSchema = z.object({
  reason: z.string().trim().min(1, 'MSG_00_21').max(512, 'max_length_exceeded'),
});
