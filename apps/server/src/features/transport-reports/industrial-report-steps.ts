import type { UnitMeasure } from '@junkan/shared/api/code-masters';
import type { ReportActionResponse } from '@junkan/shared/api/transport-reports';
import type { ReportStatus } from '@junkan/shared/enums';
import type { MessageCode } from '@junkan/shared/messages';
import {
  type ReportAction,
  type ReportActionResult,
  reportActionRefusal,
  reportActionResult,
} from '@junkan/shared/report-rules';
import { transportReportDeadline } from '@junkan/shared/transport-deadline';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { disposalMethods, transportReports, wastes } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { nationalHolidayName } from '../../lib/national-holidays';
import type { Caller } from '../../plugins/auth';
import type { JobEngine } from '../../plugins/jobs/job-engine';
import type { JwnetServiceStatus, TransportEndReport } from '../../plugins/jwnet/jwnet-adapter';
import { mailCompany } from '../../plugins/mail';
import { enqueueJwnet } from '../jwnet/jwnet-queue';
import type { correctionRuleValues, ReportValueSet } from './transport-report-values';
import {
  type FoundReport,
  findReport,
  type ReportParty,
  ruleStateOf,
  toTransportReport,
} from './transport-report-view';

/**
 * The steps the industrial report's calls share (industrial-reports.service.ts creates and reads a report,
 * industrial-report-actions.ts acts on one): checking the request's masters, queueing the transport-end report,
 * writing a change only over the version the checks read, preparing and answering an action, and the mail to the
 * other side.
 */

export const deadlineOf = (endDate: string) => transportReportDeadline(endDate, nationalHolidayName);

export function throwFieldIssues(issues: readonly { path: string; code: MessageCode }[]) {
  const [first] = issues;
  if (!first) return;
  throw new AppError(first.code, first.code, Object.fromEntries(issues.map((i) => [i.path, i.code])));
}

/**
 * A manifest fits a project of the transporter when it is the project's discharger's, registered for the
 * project (or for no project, then carried by this transporter), and carried by this transporter or none.
 */
export function manifestFits(
  m: { projectId: number | null; dischargerCompanyId: number; transportCompanyId: number | null },
  project: { id: number; companyId: number },
  transporterId: number,
): boolean {
  if (m.dischargerCompanyId !== project.companyId) return false;
  if (m.projectId === project.id)
    return m.transportCompanyId === null || m.transportCompanyId === transporterId;
  return m.projectId === null && m.transportCompanyId === transporterId;
}

/** Unit and disposal-method ids must exist; answers the disposal method's name for the network. */
export async function checkMasters(
  db: DbOrTx,
  values: ReportValueSet,
  units: readonly UnitMeasure[],
  fields: Record<keyof ReportValueSet, string>,
): Promise<string | null> {
  if (!units.some((u) => u.id === values.transportVolumeUnitId))
    throw fieldError(fields.transportVolumeUnitId, 'invalid_format');
  if (
    values.valuablesCollectedUnitId !== null &&
    !units.some((u) => u.id === values.valuablesCollectedUnitId)
  )
    throw fieldError(fields.valuablesCollectedUnitId, 'invalid_format');
  if (values.disposalMethodId === null) return null;
  const [method] = await db
    .select({ method: disposalMethods.method })
    .from(disposalMethods)
    .where(eq(disposalMethods.id, values.disposalMethodId));
  if (!method) throw fieldError(fields.disposalMethodId, 'invalid_format');
  return method.method;
}

/** Queues the report's transport-end report (REPORT_TRANSPORT_END) for the network, in the caller's transaction. */
export function queueTransportEnd(
  tx: Tx,
  manifestNumber: string,
  report: TransportEndReport,
  reportId: number,
  at: Date,
  jobs: JobEngine,
) {
  return enqueueJwnet(tx, { kind: 'REPORT_TRANSPORT_END', manifestNumber, report }, reportId, at, jobs);
}

/**
 * Writes a change only if the report is still the version the checks read (a concurrent action, or the
 * network's answer, moved it otherwise).
 */
export async function updateReportIfUnchanged(
  tx: Tx,
  found: FoundReport,
  set: Partial<typeof transportReports.$inferInsert>,
  now: Date,
) {
  const moved = await tx
    .update(transportReports)
    .set({ ...set, version: sql`${transportReports.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(transportReports.id, found.report.id),
        eq(transportReports.version, found.report.version),
        isNull(transportReports.deletedAt),
      ),
    )
    .returning({ id: transportReports.id });
  if (moved.length === 0)
    throw new AppError('invalid_status_transition', 'The report changed meanwhile', undefined, {
      from: found.report.status,
      to: found.report.status,
    });
}

export interface ActionContext {
  /** The caller's company the report was found in. */
  companyId: number;
  found: FoundReport;
  network: JwnetServiceStatus;
  now: Date;
  /** What the action does to this report (`reportActionResult`). */
  result: ReportActionResult;
}

/**
 * Reads the report, refuses the action unless the rules allow it now, and tells what it does. The network's
 * status is asked afresh: every action is work for the network (or, acknowledging a rejection, judged by the
 * same rules), and a status kept from before a service-stop day or an outage began must not let it through.
 */
export async function prepareAction(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  party: ReportParty,
  action: ReportAction,
  lastValues: Partial<ReturnType<typeof correctionRuleValues>> = {},
): Promise<ActionContext> {
  const { companyId } = caller;
  const found = await findReport(app.db, id, party, companyId);
  const network = await app.jwnet.status({ fresh: true });
  const now = app.now();
  const refusal = reportActionRefusal({ ...ruleStateOf(found, network), ...lastValues }, party, action, now);
  if (refusal) throw new AppError(refusal, refusal);
  const result = reportActionResult(action, {
    status: found.report.status as ReportStatus,
    isSyncedJWNet: found.report.isSynced,
  });
  // Every action the calls take changes the report (only FIX_REPORT, never sent, has no result).
  if (!result) throw new AppError('invalid_status_transition', action);
  return { companyId, found, network, now, result };
}

export async function answerWith(
  app: FastifyInstance,
  ctx: ActionContext,
  party: ReportParty,
  outcome: ReportActionResponse['outcome'],
): Promise<ReportActionResponse> {
  if (outcome === 'DELETED') return { outcome, report: null };
  const found = await findReport(app.db, ctx.found.report.id, party, ctx.companyId);
  return { outcome, report: await toTransportReport(app.db, found, ctx.network, ctx.now) };
}

/** Where the other side finds the report: the achievement details of its month. */
export async function reportMail(
  app: FastifyInstance,
  found: FoundReport,
  to: ReportParty,
  subject: string,
  line: string,
  english: string,
) {
  const r = found.report;
  const [waste] = await app.db
    .select({ code: wastes.wasteCode })
    .from(wastes)
    .where(eq(wastes.id, r.wasteId));
  const [year, month] = r.endDateTransport.split('-');
  const query = new URLSearchParams({
    year: String(Number(year)),
    month: String(Number(month)),
    wasteType: '1',
    wasteCode: waste?.code ?? '',
    wasteCompanyId: String(r.dischargerCompanyId),
  });
  await mailCompany(app, to === 'WASTE' ? r.dischargerCompanyId : r.transportCompanyId, to, {
    subject,
    lines: [
      line,
      `案件名: ${found.projectTitle}`,
      `廃棄物: ${r.wasteName}`,
      ...(r.manifestNumber ? [`マニフェスト番号: ${r.manifestNumber}`] : []),
    ],
    english,
    path: `/achievements/detail?${query}`,
  });
}
