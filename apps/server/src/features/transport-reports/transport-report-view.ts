import type { UnitMeasure } from '@junkan/shared/api/code-masters';
import type { TransportReport } from '@junkan/shared/api/transport-reports';
import type { ReportStatus } from '@junkan/shared/enums';
import { jwnetRefusalMessage } from '@junkan/shared/jwnet-refusals';
import type { ReportRuleState } from '@junkan/shared/report-rules';
import { keptUntil } from '@junkan/shared/rules/retention';
import { deadlineState } from '@junkan/shared/transport-deadline';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  jwnetRequests,
  manifests,
  projects,
  transportReports,
  unitMeasures,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nationalHolidayName } from '../../lib/national-holidays';
import { tokyoDate } from '../../lib/time';
import type { JwnetServiceStatus } from '../../plugins/jwnet/jwnet-adapter';
import { manifestStateSeen, unfinishedWorkKindsOfManifests } from '../jwnet/jwnet-running';
import { num } from './transport-report-values';

/** Which side reads the report: the transporter who made it, or the discharger whose waste it is. */
export type ReportParty = 'TRANSPORT' | 'WASTE';

/**
 * A live report with what the screens and the rules need beside it: project, discharger, the manifest's
 * state as the rules see it (the network's answer with this product's unfinished work), and the report's
 * own work for the network, newest first.
 */
export async function findReport(db: DbOrTx, id: number, party: ReportParty, companyId: number) {
  const own =
    party === 'TRANSPORT'
      ? eq(transportReports.transportCompanyId, companyId)
      : eq(transportReports.dischargerCompanyId, companyId);
  const [found] = await db
    .select({
      report: transportReports,
      projectTitle: projects.title,
      dischargerName: companies.name,
      networkStatus: manifests.networkStatus,
      networkRunning: manifests.runningFunctions,
      unfinishedKinds: unfinishedWorkKindsOfManifests(),
    })
    .from(transportReports)
    .innerJoin(projects, eq(projects.id, transportReports.projectId))
    .innerJoin(companies, eq(companies.id, transportReports.dischargerCompanyId))
    .leftJoin(manifests, eq(manifests.id, transportReports.manifestId))
    .where(and(eq(transportReports.id, id), isNull(transportReports.deletedAt), own));
  // Another company's report answers as if it did not exist.
  if (!found) throw new AppError('report_not_found', 'Report not found');
  const { networkStatus, networkRunning, unfinishedKinds, ...rest } = found;
  const manifest = manifestStateSeen(
    { status: networkStatus, runningFunctions: networkRunning },
    unfinishedKinds,
  );
  const requests = await db
    .select({
      kind: jwnetRequests.kind,
      state: jwnetRequests.state,
      refusalCode: jwnetRequests.refusalCode,
      updatedAt: jwnetRequests.updatedAt,
    })
    .from(jwnetRequests)
    .where(eq(jwnetRequests.transportReportId, id))
    .orderBy(desc(jwnetRequests.id));
  return {
    ...rest,
    // A report without a manifest has no manifest state.
    manifestStatus: found.report.manifestId === null ? null : manifest.status,
    runningFunctions: found.report.manifestId === null ? [] : manifest.runningFunctions,
    requests,
  };
}
export type FoundReport = Awaited<ReturnType<typeof findReport>>;
type ReportRow = FoundReport['report'];

/** The reported and the corrected values in the shape of the shared schema (section 3 names). */
export function reportValues(r: ReportRow) {
  return {
    endDateTransport: r.endDateTransport,
    transportVolume: Number(r.transportVolume),
    transportVolumeUnit: r.transportVolumeUnitId ?? 0,
    valuablesCollected: num(r.valuablesCollected),
    valuablesCollectedUnit: r.valuablesCollectedUnitId,
    vehicleNumber: r.vehicleNumber,
    reporter: r.reporter,
    transporter: r.transporter,
    disposalMethodId: r.disposalMethodId,
    lastEndDateTransport: r.lastEndDateTransport,
    lastTransportVolume: num(r.lastTransportVolume),
    lastTransportVolumeUnit: r.lastTransportVolumeUnitId,
    lastValuablesCollected: num(r.lastValuablesCollected),
    lastValuablesCollectedUnit: r.lastValuablesCollectedUnitId,
    lastVehicleNumber: r.lastVehicleNumber,
    lastReporter: r.lastReporter,
    lastTransporter: r.lastTransporter,
    lastDisposalMethodId: r.lastDisposalMethodId,
  };
}

/**
 * What `reportActionRefusal` reads: the report, its manifest's state and the network's service status. The
 * response shows the same, so the screen's rules read what the server's did.
 */
export function ruleStateOf(found: FoundReport, network: JwnetServiceStatus) {
  const latest = found.requests[0];
  return {
    ...reportValues(found.report),
    status: found.report.status as ReportStatus,
    manifestId: found.report.manifestNumber,
    manifestStatus: found.manifestStatus,
    runningFunctions: found.runningFunctions,
    isSyncedJWNet: found.report.isSynced,
    isJWNetApiAvailable: network.available,
    isJWNetServiceStopDay: network.serviceStopDay,
    // The network's refusal of the latest work, as a message code (its own sentence stays in the table).
    jwnetRefusal:
      latest && (latest.state === 'REFUSED' || latest.state === 'FAILED')
        ? jwnetRefusalMessage(latest.refusalCode, latest.kind)
        : null,
    jwnetPending: found.requests.some((q) => q.state === 'QUEUED' || q.state === 'SENT'),
  } satisfies ReportRuleState;
}

export async function listUnits(db: DbOrTx): Promise<UnitMeasure[]> {
  return db
    .select({
      id: unitMeasures.id,
      code: unitMeasures.code,
      unit: unitMeasures.unit,
      isCount: unitMeasures.isCount,
    })
    .from(unitMeasures)
    .orderBy(asc(unitMeasures.id));
}

/**
 * The report as both sides see it (the rule state, with the network's refusal and pending work, and what
 * the screens show beside it); `checkedAt` is the business clock the dialog judges hours by.
 */
export async function toTransportReport(
  db: DbOrTx,
  found: FoundReport,
  network: JwnetServiceStatus,
  now: Date,
): Promise<TransportReport> {
  const r = found.report;
  const requests = found.requests;
  const synced = r.isSynced
    ? requests.find((q) => q.kind === 'REPORT_TRANSPORT_END' && q.state === 'DONE')
    : undefined;
  // The legal report is made when it is handed to the network (queued with the manifest number).
  const reportedAt = r.manifestNumber ? tokyoDate(r.createdAt) : null;
  return {
    id: r.id,
    ...ruleStateOf(found, network),
    projectId: r.projectId,
    projectTitle: found.projectTitle,
    wasteCompanyId: r.dischargerCompanyId,
    wasteCompanyName: found.dischargerName,
    collectTime: r.collectTime,
    wasteId: r.wasteId,
    wasteName: r.wasteName,
    jwnetSyncedAt: synced ? synced.updatedAt.toISOString() : null,
    units: await listUnits(db),
    deadline: r.deadline,
    deadlineState: deadlineState(r.deadline, tokyoDate(now), nationalHolidayName, reportedAt),
    createdAt: r.createdAt.toISOString(),
    keptUntil: keptUntil('transportReport', {
      collectTime: r.collectTime,
      endDateTransport: r.endDateTransport,
      lastEndDateTransport: r.lastEndDateTransport,
      updatedOn: tokyoDate(r.updatedAt),
      deletedOn: r.deletedAt ? tokyoDate(r.deletedAt) : null,
    }),
    checkedAt: now.toISOString(),
    valuablesWithoutTransshipment: r.valuablesWithoutTransshipment,
  };
}
