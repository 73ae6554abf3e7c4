import { z } from 'zod';
import { MESSAGE_CODES } from '../messages';

/** The operations screen's calls (administrators, key OPERATIONS), all under /admin/operations; its jobs: api/jobs.ts. */

export const OPERATIONS_JWNET_STATES = ['QUEUED', 'SENT', 'REFUSED', 'FAILED'] as const;

/** One request of the manifest-network queue: waiting (queued, sent) or refused. */
export const operationsJwnetRequestSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  manifestNumber: z.string().nullable(),
  transportReportId: z.number().int().nullable(),
  state: z.enum(OPERATIONS_JWNET_STATES),
  attempts: z.number().int(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  /** The network's reason as a message code (refused), or null. */
  refusal: z.enum(MESSAGE_CODES).nullable(),
  refusalCode: z.string().nullable(),
  /** Whether an administrator may send it again (refused, and nothing sent for its manifest since). */
  canResend: z.boolean(),
});

/** GET /admin/operations/jwnet: the waiting requests, oldest first, and the latest refused ones. */
export const operationsJwnetResponseSchema = z.object({
  waitingCount: z.number().int(),
  oldestWaitingAt: z.string().nullable(),
  waiting: z.array(operationsJwnetRequestSchema),
  refused: z.array(operationsJwnetRequestSchema),
});

/** POST /admin/operations/jwnet/{id}/resend: the new request queued for the same work. */
export const operationsJwnetResendResponseSchema = z.object({ id: z.number().int() });

/** A mail whose delivery failed. */
export const operationsMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});

/** GET /admin/operations/mail: how many mails wait for delivery, and the failed ones, latest first. */
export const operationsMailResponseSchema = z.object({
  /** Whether mail goes out over SMTP; without it mail is kept in the outbox and nothing is delivered. */
  smtp: z.boolean(),
  backlog: z.number().int(),
  failed: z.array(operationsMailSchema),
});

/** POST /admin/operations/mail/{id}/resend: the failed mail is queued for delivery again. */
export const operationsMailResendResponseSchema = z.object({ id: z.number().int() });

/** GET /admin/operations/processes: the server processes heard from within the last minute. */
export const operationsProcessSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  version: z.string(),
  worksJobs: z.boolean(),
  startedAt: z.string(),
  heartbeatAt: z.string(),
});
export const operationsProcessesResponseSchema = z.array(operationsProcessSchema);

export type OperationsJwnetRequest = z.infer<typeof operationsJwnetRequestSchema>;
export type OperationsJwnetResponse = z.infer<typeof operationsJwnetResponseSchema>;
export type OperationsMail = z.infer<typeof operationsMailSchema>;
export type OperationsMailResponse = z.infer<typeof operationsMailResponseSchema>;
export type OperationsProcess = z.infer<typeof operationsProcessSchema>;
