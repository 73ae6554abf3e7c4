import { z } from 'zod';
import { QUOTE_UNIT_PRICE_MAX } from '../quote-amount';
import { idSchema, isoDateSchema } from '../validation';
import { volumeSchema } from './projects';

/** One priced line of a quote: every waste line of the project once. */
export const createQuoteLineSchema = z.object({
  wasteLineId: idSchema,
  unitPrice: z
    .number({ error: 'MSG_00_21' })
    .int('invalid_format')
    .min(0, 'invalid_format')
    .max(QUOTE_UNIT_PRICE_MAX, 'invalid_format'),
  quantity: volumeSchema,
  unitMeasureId: idSchema.nullish(),
});

export const QUOTE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Body of POST /trans/projects/{id}/quotes. */
export const createQuoteSchema = z
  .object({
    lines: z.array(createQuoteLineSchema).min(1, 'MSG_00_21').max(30),
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

/** GET /trans/projects/{id}/quote-suggestion: the transporter's current unit price per waste line, or null. */
export const quoteSuggestionSchema = z.object({
  lines: z.array(
    z.object({
      wasteLineId: z.number(),
      unitPrice: z.number().nullable(),
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
