import { z } from 'zod';
import { ERROR_CODES, manifestNumberSchema } from './model';

const count = z.number().int().min(1).optional();

/** `POST /__control` bodies: one action each. Development and tests only. */
export const controlActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('reset') }),
  z.object({ action: z.literal('setDelay'), delayMs: z.number().int().min(0) }),
  z.object({ action: z.literal('setClock'), now: z.iso.datetime({ offset: true }).nullable() }),
  z.object({ action: z.literal('advanceClock'), ms: z.number().int() }),
  z.object({ action: z.literal('setStopDays'), dates: z.array(z.iso.date()) }),
  z.object({
    action: z.literal('refuse'),
    count,
    code: z.string().min(1).default(ERROR_CODES.REFUSED),
    message: z.string().default('refused by fault injection'),
  }),
  z.object({
    action: z.literal('failResults'),
    count,
    code: z.string().min(1).default(ERROR_CODES.REFUSED),
    message: z.string().default('result refused by fault injection'),
  }),
  z.object({ action: z.literal('timeout'), count, holdMs: z.number().int().min(1).optional() }),
  z.object({ action: z.literal('unavailable'), count }),
  z.object({ action: z.literal('clearFaults') }),
  z.object({
    action: z.literal('advanceManifest'),
    manifestNumber: manifestNumberSchema,
    to: z.enum(['DISPOSAL_END', 'FINAL_DISPOSAL_END']),
    date: z.iso.date().optional(),
  }),
  z.object({
    action: z.literal('createManifest'),
    registration: z.unknown(),
    transportReport: z.unknown().optional(),
  }),
]);
export type ControlAction = z.input<typeof controlActionSchema>;
