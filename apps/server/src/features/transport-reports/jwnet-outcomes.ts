import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { manifests, transportReports } from '../../db/schema';
import { JWNET_FUNCTION_CODES } from '../jwnet/jwnet-adapter';
import type { JwnetOutcomeHandler } from '../jwnet/jwnet-queue';
import { clearedLastValues } from './transport-report-values';

/**
 * What the network's answer to queued work means for the report that queued it. The manifest's own state
 * (status, running functions, phases) is stored by the worker before this runs.
 * - A transport-end report the network took makes the report synced; a refused one leaves it not synced,
 *   so it can still be corrected at once and sent again.
 * - A refused correction or cancellation never reached the discharger: the report returns to BLANK.
 * - The discharger's answer was applied when given; a refusal stays on the request for the record.
 */
export const handleJwnetOutcome: JwnetOutcomeHandler = async (tx, request, outcome) => {
  const reportId = request.transportReportId;
  if (reportId === null) return;
  await settleLocalManifestMark(tx, request, outcome.state, reportId);
  const live = and(eq(transportReports.id, reportId), isNull(transportReports.deletedAt));
  switch (request.kind) {
    case 'REPORT_TRANSPORT_END':
      if (outcome.state === 'DONE')
        await tx
          .update(transportReports)
          .set({ isSynced: true, ...changed() })
          .where(live);
      return;
    case 'CORRECT_REPORT':
      if (outcome.state === 'REFUSED')
        await tx
          .update(transportReports)
          .set({ status: 'BLANK', ...clearedLastValues(), ...changed() })
          .where(and(live, eq(transportReports.status, 'ACCEPTANCE_OR_DENIAL')));
      return;
    case 'CANCEL_REPORT':
      if (outcome.state === 'REFUSED')
        await tx
          .update(transportReports)
          .set({ status: 'BLANK', ...changed() })
          .where(and(live, eq(transportReports.status, 'REQUEST_DELETE')));
      return;
  }
};

/** Every change of the report moves its version, so an action checked on the old state cannot apply. */
const changed = () => ({ updatedAt: new Date(), version: sql`${transportReports.version} + 1` });

const FUNCTION_OF_KIND: Record<string, string> = {
  REPORT_TRANSPORT_END: JWNET_FUNCTION_CODES.TRANSPORT_END,
  CORRECT_REPORT: JWNET_FUNCTION_CODES.CORRECTION,
  CANCEL_REPORT: JWNET_FUNCTION_CODES.CANCELLATION,
  ANSWER_CORRECTION: JWNET_FUNCTION_CODES.CORRECTION_ANSWER,
};

/**
 * The report services mark the manifest locally with the function they queued (so the rules block actions
 * until the network answers). Normally the worker replaces that mark with the network's own state before
 * this runs; when it could not (the network refused the work when it was sent, or its state could not be
 * read), the mark is still there and is settled here from what the outcome implies.
 */
async function settleLocalManifestMark(
  tx: Tx,
  request: Parameters<JwnetOutcomeHandler>[1],
  state: 'DONE' | 'REFUSED',
  reportId: number,
) {
  const code = FUNCTION_OF_KIND[request.kind];
  const manifestNumber = request.payload.manifestNumber;
  if (!code || typeof manifestNumber !== 'string') return;
  const [m] = await tx
    .select({
      id: manifests.id,
      networkStatus: manifests.networkStatus,
      runningFunctions: manifests.runningFunctions,
    })
    .from(manifests)
    .where(eq(manifests.manifestNumber, manifestNumber))
    .for('update');
  if (!m?.runningFunctions.includes(code)) return;
  const running = m.runningFunctions.filter((c) => c !== code);
  let status = m.networkStatus;
  if (running.length === 0 && status === 'TEMP_TRANSPORT') {
    if (code === JWNET_FUNCTION_CODES.TRANSPORT_END)
      status = state === 'DONE' ? 'TRANSPORT_END' : 'REGISTERED';
    else if (code === JWNET_FUNCTION_CODES.CORRECTION_ANSWER) {
      // An approved cancellation takes the manifest back to REGISTERED; anything else leaves it reported.
      const [report] = await tx
        .select({ deletedAt: transportReports.deletedAt })
        .from(transportReports)
        .where(eq(transportReports.id, reportId));
      if (state === 'DONE')
        status = request.payload.approve && report?.deletedAt ? 'REGISTERED' : 'TRANSPORT_END';
    }
    // A correction or cancellation the network took awaits the discharger (TEMP_TRANSPORT); a refused one
    // leaves the report as it was.
    else if (state === 'REFUSED') status = 'TRANSPORT_END';
  }
  await tx
    .update(manifests)
    .set({ networkStatus: status, runningFunctions: running, updatedAt: new Date() })
    .where(eq(manifests.id, m.id));
}
