import { z } from 'zod';

/** The parts readiness checks, in the order they are reported. */
export const READINESS_PARTS = ['database', 'migrations', 'jobs', 'files'] as const;
export type ReadinessPart = (typeof READINESS_PARTS)[number];

export const livenessResponseSchema = z.object({ status: z.literal('ok') });

/**
 * `GET /readyz`: 200 `ready` when every part is `ok`; 503 `not_ready` naming the failing parts, or `shutting_down`
 * once the process has begun to stop (a load balancer sends it nothing new from then on).
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready', 'shutting_down']),
  failing: z.array(z.enum(READINESS_PARTS)),
  checks: z.record(z.enum(READINESS_PARTS), z.enum(['ok', 'failing'])),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
