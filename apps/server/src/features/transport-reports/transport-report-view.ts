import {
  deadlineState,
  type ReportRuleState,
  type ReportStatus,
  type TransportReport,
  type UnitMeasure,
} from '@junkan/shared';
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
import { tokyoDate } from '../../lib/time';
import { nationalHolidayName } from '../business-calendar/national-holidays';
import type { JwnetServiceStatus } from '../jwnet/jwnet-adapter';
import { num } from './transport-report-values';

/** Which side reads the report: the transporter who made it, or the discharger whose waste it is. */
export type ReportParty = 'TRANSPORT' | 'WASTE';

/** A live report with what the screens and the rules need beside it (project, discharger, manifest state). */
export async function findReport(db: DbOrTx, id: number, party: ReportParty, companyId: number | null) {
  const own =
    party === 'TRANSPORT'
      ? eq(transportReports.transportCompanyId, companyId ?? -1)
      : eq(transportReports.dischargerCompanyId, companyId ?? -1);
  const [found] = await db
    .select({
      report: transportReports,
      projectTitle: projects.title,
      dischargerName: companies.name,
      manifestStatus: manifests.networkStatus,
      runningFunctions: manifests.runningFunctions,
    })
    .from(transportReports)
    .innerJoin(projects, eq(projects.id, transportReports.projectId))
    .innerJoin(companies, eq(companies.id, transportReports.dischargerCompanyId))
    .leftJoin(manifests, eq(manifests.id, transportReports.manifestId))
    .where(and(eq(transportReports.id, id), isNull(transportReports.deletedAt), own));
  // Another company's report answers as if it did not exist.
  if (!found) throw new AppError('report_not_found', 'Report not found');
  return found;
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
  return {
    ...reportValues(found.report),
    status: found.report.status as ReportStatus,
    manifestId: found.report.manifestNumber,
    manifestStatus: found.manifestStatus,
    runningFunctions: found.runningFunctions ?? [],
    isSyncedJWNet: found.report.isSynced,
    isJWNetApiAvailable: network.available,
    isJWNetServiceStopDay: network.serviceStopDay,
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
 * The report as both sides see it. The network's work for it tells whether something is still on its way
 * (pending) and why the latest work was refused; `checkedAt` is the business clock the dialog judges hours by.
 */
export async function toTransportReport(
  db: DbOrTx,
  found: FoundReport,
  network: JwnetServiceStatus,
  now: Date,
): Promise<TransportReport> {
  const r = found.report;
  const requests = await db
    .select({
      kind: jwnetRequests.kind,
      state: jwnetRequests.state,
      lastError: jwnetRequests.lastError,
      updatedAt: jwnetRequests.updatedAt,
    })
    .from(jwnetRequests)
    .where(eq(jwnetRequests.transportReportId, r.id))
    .orderBy(desc(jwnetRequests.id));
  const latest = requests[0];
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
    checkedAt: now.toISOString(),
    jwnetError: latest && (latest.state === 'REFUSED' || latest.state === 'FAILED') ? latest.lastError : null,
    jwnetPending: requests.some((q) => q.state === 'QUEUED' || q.state === 'SENT'),
  };
}
