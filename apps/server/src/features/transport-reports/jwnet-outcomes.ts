import { and, eq, isNull, sql } from 'drizzle-orm';
import { transportReports } from '../../db/schema';
import type { JwnetOutcomeHandler } from '../jwnet/jwnet-worker';
import { clearedLastValues } from './transport-report-values';

/**
 * What the network's answer to queued work means for the report that queued it. The manifest's own state
 * (status, running functions, phases) is stored by the worker before this runs; the product's unfinished
 * work is never marked on the manifest (`manifestStateSeen` adds it when read), so nothing here settles it.
 * - A transport-end report the network took makes the report synced; a refused one leaves it not synced,
 *   so it can be sent again (RESEND) or corrected at once.
 * - A refused correction or cancellation never reached the discharger: the report returns to BLANK.
 * - The discharger's answer was applied when given; a refusal stays on the request for the record.
 */
export const handleJwnetOutcome: JwnetOutcomeHandler = async (tx, request, outcome) => {
  const reportId = request.transportReportId;
  if (reportId === null) return;
  const live = and(eq(transportReports.id, reportId), isNull(transportReports.deletedAt));
  // Every change of the report moves its version, so an action checked on the old state cannot apply.
  const changed = { updatedAt: outcome.at, version: sql`${transportReports.version} + 1` };
  switch (request.kind) {
    case 'REPORT_TRANSPORT_END':
      if (outcome.state === 'DONE')
        await tx
          .update(transportReports)
          .set({ isSynced: true, ...changed })
          .where(live);
      return;
    case 'CORRECT_REPORT':
      if (outcome.state === 'REFUSED')
        await tx
          .update(transportReports)
          .set({ status: 'BLANK', ...clearedLastValues(), ...changed })
          .where(and(live, eq(transportReports.status, 'ACCEPTANCE_OR_DENIAL')));
      return;
    case 'CANCEL_REPORT':
      if (outcome.state === 'REFUSED')
        await tx
          .update(transportReports)
          .set({ status: 'BLANK', ...changed })
          .where(and(live, eq(transportReports.status, 'REQUEST_DELETE')));
      return;
  }
};
