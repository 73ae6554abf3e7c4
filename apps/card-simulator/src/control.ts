import { z } from 'zod';
import { httpUrlSchema } from './model';

/** `POST /__control` bodies: one action each. Development and tests only. */
export const controlActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('reset') }),
  /** Every `/v1` answer waits this long first. */
  z.object({ action: z.literal('setLatency'), latencyMs: z.number().int().min(0).max(600_000) }),
  /** Every `/v1` call answers 503 while true. */
  z.object({ action: z.literal('setUnavailable'), unavailable: z.boolean() }),
  /** Drop the next `count` deliveries entirely (no attempt, no retry), or every one while `true`. */
  z.object({ action: z.literal('loseWebhooks'), lose: z.union([z.boolean(), z.number().int().min(0)]) }),
  /** Send each new event twice (two deliveries of the same event id). */
  z.object({ action: z.literal('duplicateWebhooks'), duplicate: z.boolean() }),
  z.object({
    action: z.literal('setWebhook'),
    url: httpUrlSchema.nullable().optional(),
    retryBaseMs: z.number().int().min(0).max(3_600_000).optional(),
    maxAttempts: z.number().int().min(1).max(20).optional(),
  }),
  /** Moves the simulator's clock (token expiry, form expiry check). */
  z.object({ action: z.literal('advanceClock'), ms: z.number().int() }),
  z.object({ action: z.literal('resendEvent'), eventId: z.string().min(1).max(100) }),
]);
export type ControlAction = z.input<typeof controlActionSchema>;
