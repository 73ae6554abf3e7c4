import type {
  OperationsJwnetRequest,
  OperationsJwnetResponse,
  OperationsMailResponse,
  OperationsProcess,
} from '@junkan/shared/api/operations';
import { jwnetRefusalMessage } from '@junkan/shared/jwnet-refusals';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwnetRequests, mailOutbox, transportReports } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { MAIL_MAX_ATTEMPTS } from '../../plugins/mail';
import { listServingProcesses } from '../../plugins/processes';
import { enqueueJwnet, type JwnetWork } from '../jwnet/jwnet-queue';

/** How many rows each list of the screen shows (the oldest waiting, the latest refused or failed). */
const LIST_LIMIT = 100;
/** Only a transport-end report is sent again as it is (the transporter's 再送信); other work needs its user. */
const RESENDABLE_KINDS = ['REPORT_TRANSPORT_END'];

type JwnetRow = Pick<
  typeof jwnetRequests.$inferSelect,
  | 'id'
  | 'kind'
  | 'manifestNumber'
  | 'transportReportId'
  | 'state'
  | 'attempts'
  | 'createdAt'
  | 'nextAttemptAt'
  | 'refusalCode'
> & { hasLater: boolean };

function jwnetAnswer(r: JwnetRow): OperationsJwnetRequest {
  const refused = r.state === 'REFUSED' || r.state === 'FAILED';
  return {
    id: r.id,
    kind: r.kind,
    manifestNumber: r.manifestNumber,
    transportReportId: r.transportReportId,
    state: r.state as OperationsJwnetRequest['state'],
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    refusal: refused ? jwnetRefusalMessage(r.refusalCode, r.kind) : null,
    refusalCode: refused ? r.refusalCode : null,
    canResend: refused && RESENDABLE_KINDS.includes(r.kind) && !r.hasLater,
  };
}

/** Whether a later request exists for the same manifest (then this one was sent again or overtaken). */
const hasLater = sql<boolean>`exists (select 1 from jwnet_requests later
  where later.manifest_number = jwnet_requests.manifest_number and later.id > jwnet_requests.id)`;

/** The manifest-network queue: what waits (oldest first) and what the network refused (latest first). */
export async function listOperationsJwnet(app: FastifyInstance): Promise<OperationsJwnetResponse> {
  const select = { ...jwnetRequestsColumns(), hasLater };
  const [summary] = await app.db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${jwnetRequests.createdAt})`,
    })
    .from(jwnetRequests)
    .where(inArray(jwnetRequests.state, ['QUEUED', 'SENT']));
  const waiting = await app.db
    .select(select)
    .from(jwnetRequests)
    .where(inArray(jwnetRequests.state, ['QUEUED', 'SENT']))
    .orderBy(jwnetRequests.id)
    .limit(LIST_LIMIT);
  const refused = await app.db
    .select(select)
    .from(jwnetRequests)
    .where(inArray(jwnetRequests.state, ['REFUSED', 'FAILED']))
    .orderBy(desc(jwnetRequests.id))
    .limit(LIST_LIMIT);
  return {
    waitingCount: Number(summary?.count ?? 0),
    oldestWaitingAt: summary?.oldest ? new Date(summary.oldest).toISOString() : null,
    waiting: waiting.map(jwnetAnswer),
    refused: refused.map(jwnetAnswer),
  };
}

function jwnetRequestsColumns() {
  const {
    id,
    kind,
    manifestNumber,
    transportReportId,
    state,
    attempts,
    createdAt,
    nextAttemptAt,
    refusalCode,
  } = jwnetRequests;
  return {
    id,
    kind,
    manifestNumber,
    transportReportId,
    state,
    attempts,
    createdAt,
    nextAttemptAt,
    refusalCode,
  };
}

/**
 * Sends a refused transport-end report again as it is: a new request (its own key) for the same manifest and
 * report, queued with its job in one transaction, as the transporter's 再送信 does. Only a refused or given-up
 * request that nothing was queued after for its manifest, of a report still live and not synced.
 */
export async function resendOperationsJwnet(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<{ id: number }> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...jwnetRequestsColumns(), payload: jwnetRequests.payload, hasLater })
      .from(jwnetRequests)
      .where(eq(jwnetRequests.id, id))
      .for('update');
    if (!row) throw new AppError('not_found', 'No such request');
    if (!jwnetAnswer(row).canResend)
      throw new AppError('operations_not_resendable', 'Only a refused request not sent again since');
    const now = app.now();
    if (row.transportReportId !== null) {
      // The report's version moves, as with every change of its network state (its screens re-read it).
      const [report] = await tx
        .update(transportReports)
        .set({ version: sql`${transportReports.version} + 1`, updatedAt: now })
        .where(
          and(
            eq(transportReports.id, row.transportReportId),
            isNull(transportReports.deletedAt),
            eq(transportReports.isSynced, false),
          ),
        )
        .returning({ id: transportReports.id });
      if (!report) throw new AppError('operations_not_resendable', 'The report is gone or synced');
    }
    const newId = await enqueueJwnet(
      tx,
      row.payload as unknown as JwnetWork,
      row.transportReportId,
      now,
      app.jobs,
    );
    await recordAudit(tx, request, {
      action: 'operations.jwnet_resend',
      entity: 'jwnet_request',
      entityId: id,
      detail: { manifestNumber: row.manifestNumber, newRequestId: newId },
    });
    return { id: newId };
  });
}

/** The mail outbox's backlog (waiting for delivery or a retry) and its failed mails, latest first. */
export async function listOperationsMail(app: FastifyInstance): Promise<OperationsMailResponse> {
  const [backlog] = await app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['PENDING', 'SENDING', 'FAILED']),
        sql`${mailOutbox.attempts} < ${MAIL_MAX_ATTEMPTS}`,
      ),
    );
  const failed = await app.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
      lastAttemptAt: mailOutbox.lastAttemptAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'FAILED'))
    .orderBy(desc(mailOutbox.id))
    .limit(LIST_LIMIT);
  return {
    smtp: app.mailer.delivers,
    backlog: Number(backlog?.count ?? 0),
    failed: failed.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      lastAttemptAt: m.lastAttemptAt?.toISOString() ?? null,
    })),
  };
}

/** Queues a failed mail's delivery again; any other mail is refused. */
export async function resendOperationsMail(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<{ id: number }> {
  const [exists] = await app.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!exists) throw new AppError('not_found', 'No such mail');
  if (!(await app.mailer.resend(id)))
    throw new AppError('operations_not_resendable', 'Only a failed mail is sent again');
  await recordAudit(app.db, request, { action: 'operations.mail_resend', entity: 'mail', entityId: id });
  return { id };
}

/** The server processes serving now (heard from within the last minute), from the database. */
export async function listOperationsProcesses(app: FastifyInstance): Promise<OperationsProcess[]> {
  return (await listServingProcesses(app.db)).map((p) => ({
    ...p,
    startedAt: p.startedAt.toISOString(),
    heartbeatAt: p.heartbeatAt.toISOString(),
  }));
}
