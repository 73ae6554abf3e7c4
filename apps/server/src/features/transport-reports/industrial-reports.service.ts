import {
  collectTimeIssues,
  type IndustrialReportInput,
  reportDateIssues,
  type TransportReport,
} from '@junkan/shared/api/transport-reports';
import { isDayOutsidePeriod } from '@junkan/shared/contract-rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { manifests, projects, projectWasteLines, transportReports } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { JWNET_FUNCTION_CODES } from '../../plugins/jwnet/jwnet-adapter';
import { manifestStateSeen, unfinishedKindsOf } from '../jwnet/jwnet-running';
import { contractPeriodOf } from './contract-period';
import {
  checkMasters,
  deadlineOf,
  manifestFits,
  queueTransportEnd,
  throwFieldIssues,
} from './industrial-report-steps';
import { networkReport, REPORT_FIELDS, requestValues, valueColumns } from './transport-report-values';
import { findReport, listUnits, type ReportParty, toTransportReport } from './transport-report-view';
import { isReportValuablesWithoutTransshipment } from './valuables-flag';

/**
 * Industrial transport (completion) reports: the transporter reports, corrects, cancels and acknowledges a
 * rejection; the discharger approves or rejects a correction or a deletion request. What may be done when
 * is the shared `reportActionRefusal`, what it does `reportActionResult`. Work for the manifest network is
 * queued in the transaction of the change (the worker sends it); while it is unfinished the rules see its
 * function running on the manifest (`manifestStateSeen`), whatever a read of the network says meanwhile.
 * Every time written here is the business clock (`app.now()`). Reading and making a report are here; the form's
 * options are in industrial-report-options.ts, the actions on a report in industrial-report-actions.ts and the
 * steps they share in industrial-report-steps.ts.
 */

// ---- read ------------------------------------------------------------------------------------------

/** GET /trans/transport-reports/{id} (the reporting transporter) and GET /transport-reports/{id} (the discharger). */
export async function getIndustrialReport(
  app: FastifyInstance,
  companyId: number,
  id: number,
  party: ReportParty,
): Promise<TransportReport> {
  const found = await findReport(app.db, id, party, companyId);
  return toTransportReport(app.db, found, await app.jwnet.status(), app.now());
}

// ---- create ----------------------------------------------------------------------------------------

/**
 * POST /trans/transport-reports. With a manifest number the report goes to the network through the queue
 * (REPORT_TRANSPORT_END) and stays not synced until the network takes it; creating never needs the
 * network to be up. Without a number it is only stored.
 */
export async function createIndustrialReport(
  app: FastifyInstance,
  caller: Caller,
  input: IndustrialReportInput,
): Promise<TransportReport> {
  const { session, companyId: me } = caller;
  const now = app.now();
  const today = tokyoDate(now);
  throwFieldIssues([...collectTimeIssues(input.collectTime, today), ...reportDateIssues(input, today)]);
  const id = await app.db.transaction(async (tx) => {
    const { project, line } = await reportedProjectLine(tx, input, me);
    // A transport is reported, and later billed at the contract's prices, within the contract's period. One of a
    // manifest follows the manifest, whose difference from the contract (its period) the discharger confirmed.
    if (!input.manifestId) {
      const period = await contractPeriodOf(tx, project.id);
      if (period && isDayOutsidePeriod(input.collectTime, period))
        throw fieldError('collectTime', 'outside_contract_period');
    }
    const units = await listUnits(tx);
    const values = requestValues(input, REPORT_FIELDS, units);
    const report = networkReport(values, units, await checkMasters(tx, values, units, REPORT_FIELDS));

    let manifest: { id: number; manifestNumber: string } | null = null;
    if (input.manifestId) {
      // The network takes no report of an empty transport.
      if (values.transportVolume <= 0) throw fieldError('transportVolume', 'MSG_00_27');
      manifest = await reportableManifest(tx, input.manifestId, project, me);
    }

    const valuablesWithoutTransshipment = await isReportValuablesWithoutTransshipment(tx, {
      transporterId: me,
      projectId: project.id,
      wasteId: input.wasteId,
      valuablesCollected: values.valuablesCollected,
      endDateTransport: values.endDateTransport,
    });
    const [row] = await tx
      .insert(transportReports)
      .values({
        projectId: project.id,
        wasteLineId: line.id,
        dischargerCompanyId: project.companyId,
        transportCompanyId: me,
        wasteId: input.wasteId,
        wasteName: line.wasteName,
        manifestId: manifest?.id ?? null,
        manifestNumber: manifest?.manifestNumber ?? null,
        status: 'BLANK',
        collectTime: input.collectTime,
        ...valueColumns(values),
        deadline: deadlineOf(values.endDateTransport),
        valuablesWithoutTransshipment,
        isSynced: false,
        createdBy: session.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: transportReports.id });
    const reportId = row!.id;
    if (manifest) await queueTransportEnd(tx, manifest.manifestNumber, report, reportId, now, app.jobs);
    await recordAudit(tx, caller, {
      action: 'transport_report.create',
      entity: 'transport_report',
      entityId: reportId,
      detail: {
        projectId: project.id,
        manifestNumber: manifest?.manifestNumber ?? null,
        ...(valuablesWithoutTransshipment ? { valuablesWithoutTransshipment } : {}),
      },
    });
    return reportId;
  });
  return getIndustrialReport(app, me, id, 'TRANSPORT');
}

/**
 * The transporter's industrial project in progress the report is of, with its first industrial line of the
 * reported waste: another's project is not found, one not in progress refused, a discharger or waste not its own
 * a field error.
 */
async function reportedProjectLine(tx: Tx, input: IndustrialReportInput, me: number) {
  const [project] = await tx
    .select({
      id: projects.id,
      type: projects.type,
      status: projects.status,
      companyId: projects.companyId,
    })
    .from(projects)
    .where(and(eq(projects.id, input.projectId), eq(projects.transportCompanyId, me)));
  if (project?.type !== 'INDUSTRIAL') throw new AppError('project_not_found', 'Project not found');
  if (project.status !== 'IN_PROGRESS')
    throw new AppError('invalid_status_transition', 'Only a project in progress is reported', undefined, {
      from: project.status,
      to: project.status,
    });
  if (input.dischargerId !== project.companyId) throw fieldError('dischargerId', 'invalid_format');
  const [line] = await tx
    .select({ id: projectWasteLines.id, wasteName: projectWasteLines.wasteName })
    .from(projectWasteLines)
    .where(
      and(
        eq(projectWasteLines.projectId, project.id),
        eq(projectWasteLines.kind, 'INDUSTRIAL'),
        eq(projectWasteLines.wasteId, input.wasteId),
      ),
    )
    .orderBy(asc(projectWasteLines.sortOrder), asc(projectWasteLines.id))
    .limit(1);
  if (!line) throw fieldError('wasteId', 'invalid_format');
  return { project, line };
}

/** The manifest must be this discharger's and transporter's, registered, and not reported yet. */
async function reportableManifest(
  tx: Tx,
  manifestNumber: string,
  project: { id: number; companyId: number },
  transporterId: number,
) {
  const [m] = await tx
    .select({
      id: manifests.id,
      manifestNumber: manifests.manifestNumber,
      projectId: manifests.projectId,
      dischargerCompanyId: manifests.dischargerCompanyId,
      transportCompanyId: manifests.transportCompanyId,
      networkStatus: manifests.networkStatus,
      runningFunctions: manifests.runningFunctions,
    })
    .from(manifests)
    .where(eq(manifests.manifestNumber, manifestNumber))
    .for('update');
  if (!m || !manifestFits(m, project, transporterId)) throw fieldError('manifestId', 'manifest_not_found');
  const seen = manifestStateSeen(
    { status: m.networkStatus, runningFunctions: m.runningFunctions },
    await unfinishedKindsOf(tx, m.manifestNumber),
  );
  const [live] = await tx
    .select({ id: transportReports.id })
    .from(transportReports)
    .where(and(eq(transportReports.manifestId, m.id), isNull(transportReports.deletedAt)))
    .limit(1);
  if (live) throw fieldError('manifestId', 'manifest_already_reported');
  // Registration not reflected yet: the network takes no report until it is.
  if (
    seen.status === null ||
    seen.status === 'RESERVED' ||
    seen.runningFunctions.includes(JWNET_FUNCTION_CODES.REGISTRATION)
  )
    throw fieldError('manifestId', 'jwnet_registration_pending');
  // Any later status means its transport end was reported already (outside the product).
  if (seen.status !== 'REGISTERED') throw fieldError('manifestId', 'manifest_already_reported');
  if (seen.runningFunctions.length > 0) throw fieldError('manifestId', 'jwnet_function_running');
  return { id: m.id, manifestNumber: m.manifestNumber };
}
