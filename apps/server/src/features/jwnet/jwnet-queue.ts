import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { jwnetRequests, manifests } from '../../db/schema';
import type { JobEngine } from '../../plugins/jobs/job-engine';
import type { ManifestState, TransportEndReport } from '../../plugins/jwnet/jwnet-adapter';

/**
 * The manifest network's work queue: what the features ask of the network, written in their own transaction
 * with the job that works it, and the network's answer about a manifest kept for the screens. The worker that
 * sends the work and follows it is `JwnetWorker` (jwnet-worker.ts).
 */

/** The work the product asks of the network; each maps to one adapter call. */
export type JwnetWork =
  | { kind: 'REPORT_TRANSPORT_END'; manifestNumber: string; report: TransportEndReport }
  | { kind: 'CORRECT_REPORT'; manifestNumber: string; report: TransportEndReport }
  | { kind: 'CANCEL_REPORT'; manifestNumber: string }
  | { kind: 'ANSWER_CORRECTION'; manifestNumber: string; approve: boolean }
  /** A registration the network accepted at once (it issues the number); followed until reflected. */
  | { kind: 'REGISTER_MANIFEST'; manifestNumber: string };

/** The job engine's queue of manifests with work for the network: one job per manifest at a time. */
export const JWNET_QUEUE = 'jwnet-manifest';
/** Once a minute: queues a job for every manifest whose work is due (work left by a crash, rows without a job). */
export const JWNET_SWEEP = 'jwnet-sweep';

/** Asks the job engine to work a manifest's requests, in the caller's transaction when one is given. */
export function queueManifestJob(
  jobs: JobEngine,
  manifestNumber: string,
  opts: { tx?: Tx; startAfter?: Date } = {},
) {
  return jobs.send(JWNET_QUEUE, { manifestNumber }, { singletonKey: manifestNumber, ...opts });
}

/**
 * Queues work for the network inside the caller's transaction, so the change, the request to send it and the
 * engine's job to work it are written together or not at all. The worker sends it; its key makes a resend
 * harmless. `at` is the business clock (`app.now()`), which stamps the request as the screens show it.
 */
export async function enqueueJwnet(
  tx: Tx,
  work: JwnetWork,
  transportReportId: number | null,
  at: Date,
  jobs?: JobEngine,
) {
  const [row] = await tx
    .insert(jwnetRequests)
    .values({
      requestKey: randomUUID(),
      kind: work.kind,
      manifestNumber: work.manifestNumber,
      transportReportId,
      payload: work as unknown as Record<string, unknown>,
      createdAt: at,
      updatedAt: at,
      // Due at once by any clock (the worker's may be set apart from the database's).
      nextAttemptAt: new Date(0),
    })
    .returning({ id: jwnetRequests.id });
  if (jobs) await queueManifestJob(jobs, work.manifestNumber, { tx });
  return row!.id;
}

/**
 * Follows a registration the network has already accepted (the call that issued the number): the worker
 * polls it like any sent request and stores the manifest's state when it is reflected.
 */
export async function trackJwnetRegistration(
  tx: Tx,
  manifestNumber: string,
  remoteRequestId: string,
  at: Date,
  jobs?: JobEngine,
) {
  const work: JwnetWork = { kind: 'REGISTER_MANIFEST', manifestNumber };
  await tx.insert(jwnetRequests).values({
    requestKey: randomUUID(),
    createdAt: at,
    updatedAt: at,
    kind: work.kind,
    manifestNumber,
    payload: work as unknown as Record<string, unknown>,
    state: 'SENT',
    attempts: 1,
    remoteRequestId,
    // Due at once by any clock, as queued work is.
    nextAttemptAt: new Date(0),
  });
  if (jobs) await queueManifestJob(jobs, manifestNumber, { tx });
}

/**
 * Keeps the network's answer about a manifest (status, phases, dates, running functions) for the screens,
 * read at `at` (the business clock). The product's own unfinished work is added when it is read
 * (`manifestStateSeen`), never written here, so this answer cannot clear it.
 */
export async function storeManifestState(db: DbOrTx, m: ManifestState, at: Date) {
  const values = {
    networkStatus: m.status,
    deliveryDate: m.deliveryDate,
    transportEndDate: m.transportEndDate,
    disposalEndDate: m.disposalEndDate,
    finalDisposalEndDate: m.finalDisposalEndDate,
    dischargeSiteName: m.dischargeFacility.name.slice(0, 64),
    phases: m.phases as unknown as Record<string, unknown>,
    runningFunctions: m.runningFunctions,
    syncedAt: at,
    updatedAt: at,
  };
  await db.update(manifests).set(values).where(eq(manifests.manifestNumber, m.manifestNumber));
}
