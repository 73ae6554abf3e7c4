import {
  correctionDateIssues,
  correctionOutcome,
  type IndustrialReportInput,
  type IndustrialReportOptions,
  type MessageCode,
  type ReportAction,
  type ReportActionResponse,
  type ReportActionResult,
  type ReportCorrectionInput,
  type ReportStatus,
  reportActionRefusal,
  reportActionResult,
  reportDateIssues,
  type TransportReport,
  transportReportDeadline,
  type UnitMeasure,
} from '@junkan/shared';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import {
  companies,
  disposalMethods,
  manifests,
  projects,
  projectWasteLines,
  transportReports,
  wastes,
} from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { nationalHolidayName } from '../../lib/national-holidays';
import { tokyoDate } from '../../lib/time';
import type { Caller, Session } from '../../plugins/auth';
import type { JobEngine } from '../../plugins/jobs/job-engine';
import {
  JWNET_FUNCTION_CODES,
  type JwnetServiceStatus,
  type TransportEndReport,
} from '../../plugins/jwnet/jwnet-adapter';
import { mailCompany } from '../../plugins/mail';
import { enqueueJwnet } from '../jwnet/jwnet-queue';
import { manifestStateSeen, unfinishedKindsOf } from '../jwnet/jwnet-running';
import {
  clearedLastValues,
  lastValueColumns,
  networkReport,
  type ReportValueSet,
  storedLastValues,
  storedValues,
  valueColumns,
  withCountUnitRule,
} from './transport-report-values';
import {
  type FoundReport,
  findReport,
  listUnits,
  type ReportParty,
  ruleStateOf,
  toTransportReport,
} from './transport-report-view';
import { isReportValuablesWithoutTransshipment, transshipmentWindowsOf } from './valuables-flag';

/**
 * Industrial transport (completion) reports: the transporter reports, corrects, cancels and acknowledges a
 * rejection; the discharger approves or rejects a correction or a deletion request. What may be done when
 * is the shared `reportActionRefusal`, what it does `reportActionResult`. Work for the manifest network is
 * queued in the transaction of the change (the worker sends it); while it is unfinished the rules see its
 * function running on the manifest (`manifestStateSeen`), whatever a read of the network says meanwhile.
 * Every time written here is the business clock (`app.now()`).
 */

const deadlineOf = (endDate: string) => transportReportDeadline(endDate, nationalHolidayName);

function throwFieldIssues(issues: readonly { path: string; code: MessageCode }[]) {
  const [first] = issues;
  if (!first) return;
  throw new AppError(first.code, first.code, Object.fromEntries(issues.map((i) => [i.path, i.code])));
}

const companyOf = (session: Session) => session.companyId ?? -1;

// ---- options ---------------------------------------------------------------------------------------

/**
 * A manifest fits a project of the transporter when it is the project's discharger's, registered for the
 * project (or for no project, then carried by this transporter), and carried by this transporter or none.
 */
function manifestFits(
  m: { projectId: number | null; dischargerCompanyId: number; transportCompanyId: number | null },
  project: { id: number; companyId: number },
  transporterId: number,
): boolean {
  if (m.dischargerCompanyId !== project.companyId) return false;
  if (m.projectId === project.id)
    return m.transportCompanyId === null || m.transportCompanyId === transporterId;
  return m.projectId === null && m.transportCompanyId === transporterId;
}

const noLiveReport = sql`not exists (select 1 from transport_reports r
  where r.manifest_id = ${manifests.id} and r.deleted_at is null)`;

/** GET /trans/transport-reports/options: what the industrial report form chooses from. */
export async function industrialReportOptions(
  app: FastifyInstance,
  session: Session,
): Promise<IndustrialReportOptions> {
  const me = companyOf(session);
  const projectRows = await app.db
    .select({
      id: projects.id,
      title: projects.title,
      companyId: projects.companyId,
      companyName: companies.name,
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(
      and(
        eq(projects.transportCompanyId, me),
        eq(projects.type, 'INDUSTRIAL'),
        eq(projects.status, 'IN_PROGRESS'),
      ),
    )
    .orderBy(asc(projects.id));
  const projectIds = projectRows.map((p) => p.id);
  const dischargerIds = [...new Set(projectRows.map((p) => p.companyId))];
  const lines = projectIds.length
    ? await app.db
        .select({
          projectId: projectWasteLines.projectId,
          wasteId: projectWasteLines.wasteId,
          wasteName: projectWasteLines.wasteName,
        })
        .from(projectWasteLines)
        .where(
          and(inArray(projectWasteLines.projectId, projectIds), eq(projectWasteLines.kind, 'INDUSTRIAL')),
        )
        .orderBy(asc(projectWasteLines.sortOrder), asc(projectWasteLines.id))
    : [];
  const candidates = projectIds.length
    ? await app.db
        .select({
          manifestNumber: manifests.manifestNumber,
          projectId: manifests.projectId,
          dischargerCompanyId: manifests.dischargerCompanyId,
          transportCompanyId: manifests.transportCompanyId,
          wasteName: manifests.wasteName,
          deliveryDate: manifests.deliveryDate,
        })
        .from(manifests)
        .where(
          and(
            eq(manifests.networkStatus, 'REGISTERED'),
            or(
              inArray(manifests.projectId, projectIds),
              and(
                isNull(manifests.projectId),
                eq(manifests.transportCompanyId, me),
                inArray(manifests.dischargerCompanyId, dischargerIds),
              ),
            ),
            noLiveReport,
          ),
        )
        .orderBy(desc(manifests.deliveryDate), asc(manifests.manifestNumber))
    : [];
  const windows = await transshipmentWindowsOf(
    app.db,
    me,
    lines.flatMap((l) => (l.wasteId === null ? [] : [{ projectId: l.projectId, wasteId: l.wasteId }])),
  );
  return {
    today: tokyoDate(app.now()),
    projects: projectRows.map((p) => {
      const wastesOfProject = new Map<number, string>();
      for (const line of lines)
        if (line.projectId === p.id && line.wasteId !== null && !wastesOfProject.has(line.wasteId))
          wastesOfProject.set(line.wasteId, line.wasteName);
      return {
        id: p.id,
        title: p.title,
        dischargerId: p.companyId,
        dischargerName: p.companyName,
        wastes: [...wastesOfProject].map(([wasteId, wasteName]) => ({
          wasteId,
          wasteName,
          transshipmentPeriods: windows.get(p.id)?.get(wasteId) ?? [],
        })),
        manifests: candidates
          .filter((m) => manifestFits(m, p, me))
          .map((m) => ({
            manifestNumber: m.manifestNumber,
            wasteName: m.wasteName,
            deliveryDate: m.deliveryDate,
          })),
      };
    }),
    units: await listUnits(app.db),
    disposalMethods: await app.db
      .select({ id: disposalMethods.id, method: disposalMethods.method })
      .from(disposalMethods)
      .orderBy(asc(disposalMethods.code)),
  };
}

// ---- shared steps ----------------------------------------------------------------------------------

/** The fields of `I` whose values fit a report value of type `V` (an optional one only where `V` takes null). */
type FieldOf<I, V> = {
  [F in keyof I]-?: I[F] extends V | (null extends V ? undefined : never) ? F : never;
}[keyof I];

/** Which field of a request carries each report value (and so which field an error about it names). */
type ValueFields<I> = { [K in keyof ReportValueSet]: FieldOf<I, ReportValueSet[K]> };

/** A new report carries its values in its own fields. */
const REPORT_FIELDS = {
  endDateTransport: 'transportEndDate',
  transportVolume: 'transportVolume',
  transportVolumeUnitId: 'transportVolumeUnit',
  valuablesCollected: 'valuablesCollected',
  valuablesCollectedUnitId: 'valuablesCollectedUnit',
  vehicleNumber: 'vehicleNumber',
  reporter: 'reporter',
  transporter: 'transporter',
  disposalMethodId: 'disposalMethodId',
} as const satisfies ValueFields<IndustrialReportInput>;

/** A correction carries them in its `last*` fields. */
const CORRECTION_FIELDS = {
  endDateTransport: 'lastEndDateTransport',
  transportVolume: 'lastTransportVolume',
  transportVolumeUnitId: 'lastTransportVolumeUnit',
  valuablesCollected: 'lastValuablesCollected',
  valuablesCollectedUnitId: 'lastValuablesCollectedUnit',
  vehicleNumber: 'lastVehicleNumber',
  reporter: 'lastReporter',
  transporter: 'lastTransporter',
  disposalMethodId: 'lastDisposalMethodId',
} as const satisfies ValueFields<ReportCorrectionInput>;

/** The report values a request carries (an absent optional one null), with the count-unit rule applied. */
function requestValues<I>(input: I, fields: ValueFields<I>, units: readonly UnitMeasure[]): ReportValueSet {
  const values = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, input[field as keyof I] ?? null]),
  ) as unknown as ReportValueSet;
  return withCountUnitRule(values, units);
}

/** Unit and disposal-method ids must exist; answers the disposal method's name for the network. */
async function checkMasters(
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
function queueTransportEnd(
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
async function updateReportIfUnchanged(
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

interface ActionContext {
  session: Session;
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
async function prepareAction(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  party: ReportParty,
  action: ReportAction,
  lastValues: Partial<ReturnType<typeof correctionRuleValues>> = {},
): Promise<ActionContext> {
  const { session } = caller;
  const found = await findReport(app.db, id, party, session.companyId);
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
  return { session, found, network, now, result };
}

async function answerWith(
  app: FastifyInstance,
  ctx: ActionContext,
  party: ReportParty,
  outcome: ReportActionResponse['outcome'],
): Promise<ReportActionResponse> {
  if (outcome === 'DELETED') return { outcome, report: null };
  const found = await findReport(app.db, ctx.found.report.id, party, ctx.session.companyId);
  return { outcome, report: await toTransportReport(app.db, found, ctx.network, ctx.now) };
}

/** Where the other side finds the report: the achievement details of its month. */
async function reportMail(
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

// ---- read ------------------------------------------------------------------------------------------

/** GET /trans/transport-reports/{id} (the reporting transporter) and GET /transport-reports/{id} (the discharger). */
export async function getIndustrialReport(
  app: FastifyInstance,
  session: Session,
  id: number,
  party: ReportParty,
): Promise<TransportReport> {
  const found = await findReport(app.db, id, party, session.companyId);
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
  const { session } = caller;
  const me = companyOf(session);
  const now = app.now();
  throwFieldIssues(reportDateIssues(input, tokyoDate(now)));
  const id = await app.db.transaction(async (tx) => {
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
  return getIndustrialReport(app, session, id, 'TRANSPORT');
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

// ---- transporter's actions -------------------------------------------------------------------------

/** The correction as the rules read it: the report's last-values. */
function correctionRuleValues(v: ReportValueSet) {
  return {
    lastEndDateTransport: v.endDateTransport,
    lastTransportVolume: v.transportVolume,
    lastTransportVolumeUnit: v.transportVolumeUnitId,
    lastValuablesCollected: v.valuablesCollected,
    lastValuablesCollectedUnit: v.valuablesCollectedUnitId,
    lastVehicleNumber: v.vehicleNumber,
    lastReporter: v.reporter,
    lastTransporter: v.transporter,
    lastDisposalMethodId: v.disposalMethodId,
  };
}

/**
 * PUT /trans/transport-reports/{id}. A synced report keeps its values and carries the correction as
 * last-values until the discharger answers (CORRECT_REPORT queued); a report the network has not taken is
 * corrected at once and its transport-end report sent again.
 */
export async function correctIndustrialReport(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  input: ReportCorrectionInput,
): Promise<ReportActionResponse> {
  const units = await listUnits(app.db);
  const values = requestValues(input, CORRECTION_FIELDS, units);
  const ctx = await prepareAction(app, caller, id, 'TRANSPORT', 'FIX', correctionRuleValues(values));
  const { found, result } = ctx;
  throwFieldIssues(
    correctionDateIssues(
      { collectTime: found.report.collectTime, lastEndDateTransport: values.endDateTransport },
      tokyoDate(ctx.now),
    ),
  );
  const report = networkReport(values, units, await checkMasters(app.db, values, units, CORRECTION_FIELDS));
  const manifestNumber = found.report.manifestNumber;
  const now = ctx.now;
  await app.db.transaction(async (tx) => {
    // The flag follows the values the transporter last sent, applied at once or awaiting the discharger.
    const valuablesWithoutTransshipment = await isReportValuablesWithoutTransshipment(tx, {
      transporterId: found.report.transportCompanyId,
      projectId: found.report.projectId,
      wasteId: found.report.wasteId,
      valuablesCollected: values.valuablesCollected,
      endDateTransport: values.endDateTransport,
    });
    if (result.lastValues === 'SET') {
      await updateReportIfUnchanged(
        tx,
        found,
        { status: result.status as ReportStatus, ...lastValueColumns(values), valuablesWithoutTransshipment },
        now,
      );
      if (manifestNumber)
        await enqueueJwnet(tx, { kind: 'CORRECT_REPORT', manifestNumber, report }, id, now, app.jobs);
    } else {
      await updateReportIfUnchanged(
        tx,
        found,
        {
          status: 'BLANK',
          ...valueColumns(values),
          ...clearedLastValues(),
          deadline: deadlineOf(values.endDateTransport),
          valuablesWithoutTransshipment,
        },
        now,
      );
      if (manifestNumber) await queueTransportEnd(tx, manifestNumber, report, id, now, app.jobs);
    }
    await recordAudit(tx, caller, {
      action: 'transport_report.correct',
      entity: 'transport_report',
      entityId: id,
      detail: { synced: found.report.isSynced, status: result.status },
    });
  });
  const outcome = correctionOutcome(found.report.isSynced);
  if (outcome === 'AWAITING_APPROVAL')
    await reportMail(
      app,
      found,
      'WASTE',
      '【junkan】運搬終了報告の修正依頼が届きました / A transport report correction awaits your approval',
      '収集運搬業者から運搬終了報告の修正依頼が届きました。内容をご確認のうえ、承認または否認をしてください。',
      'A transporter asked to correct a transport completion report. Please approve or reject it.',
    );
  return answerWith(app, ctx, 'TRANSPORT', outcome);
}

/**
 * POST /trans/transport-reports/{id}/cancel: a synced report needs the discharger's approval to be deleted
 * (CANCEL_REPORT queued); one the network never took is deleted at once.
 */
export async function cancelIndustrialReport(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<ReportActionResponse> {
  const ctx = await prepareAction(app, caller, id, 'TRANSPORT', 'CANCEL_REPORT');
  const { found, result } = ctx;
  const manifestNumber = found.report.manifestNumber;
  await app.db.transaction(async (tx) => {
    if (result.status === 'DELETED') {
      await updateReportIfUnchanged(tx, found, { deletedAt: ctx.now, ...clearedLastValues() }, ctx.now);
    } else {
      await updateReportIfUnchanged(tx, found, { status: result.status, ...clearedLastValues() }, ctx.now);
      if (manifestNumber)
        await enqueueJwnet(tx, { kind: 'CANCEL_REPORT', manifestNumber }, id, ctx.now, app.jobs);
    }
    await recordAudit(tx, caller, {
      action: result.status === 'DELETED' ? 'transport_report.delete' : 'transport_report.request_delete',
      entity: 'transport_report',
      entityId: id,
    });
  });
  if (result.status === 'DELETED') return answerWith(app, ctx, 'TRANSPORT', 'DELETED');
  await reportMail(
    app,
    found,
    'WASTE',
    '【junkan】運搬終了報告の取消依頼が届きました / A transport report deletion awaits your approval',
    '収集運搬業者から運搬終了報告の取消依頼が届きました。内容をご確認のうえ、承認または否認をしてください。',
    'A transporter asked to delete a transport completion report. Please approve or reject it.',
  );
  return answerWith(app, ctx, 'TRANSPORT', 'AWAITING_APPROVAL');
}

/**
 * POST /trans/transport-reports/{id}/resend: the network refused the report's transport-end report; the
 * transporter sends the same report again (REPORT_TRANSPORT_END queued with its values as they are), instead
 * of correcting it with unchanged values.
 */
export async function resendIndustrialReport(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<ReportActionResponse> {
  const ctx = await prepareAction(app, caller, id, 'TRANSPORT', 'RESEND');
  const { found } = ctx;
  const manifestNumber = found.report.manifestNumber;
  // The rules allow RESEND only with a manifest number; this keeps the type honest.
  if (!manifestNumber) throw new AppError('manifest_id_missing', 'No manifest number');
  const units = await listUnits(app.db);
  const values = storedValues(found.report);
  const report = networkReport(values, units, await checkMasters(app.db, values, units, REPORT_FIELDS));
  await app.db.transaction(async (tx) => {
    await updateReportIfUnchanged(tx, found, {}, ctx.now);
    await queueTransportEnd(tx, manifestNumber, report, id, ctx.now, app.jobs);
    await recordAudit(tx, caller, {
      action: 'transport_report.resend',
      entity: 'transport_report',
      entityId: id,
      detail: { manifestNumber },
    });
  });
  return answerWith(app, ctx, 'TRANSPORT', 'UPDATED');
}

/** POST /trans/transport-reports/{id}/confirm-rejection: the transporter acknowledges; nothing for the network. */
export async function confirmReportRejection(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<ReportActionResponse> {
  const ctx = await prepareAction(app, caller, id, 'TRANSPORT', 'CONFIRM_REJECTION');
  await app.db.transaction(async (tx) => {
    await updateReportIfUnchanged(
      tx,
      ctx.found,
      { status: ctx.result.status as ReportStatus, ...clearedLastValues() },
      ctx.now,
    );
    await recordAudit(tx, caller, {
      action: 'transport_report.confirm_rejection',
      entity: 'transport_report',
      entityId: id,
    });
  });
  return answerWith(app, ctx, 'TRANSPORT', 'UPDATED');
}

// ---- discharger's answer ---------------------------------------------------------------------------

/**
 * POST /transport-reports/{id}/approve and /reject. Approving a correction applies it; approving a
 * deletion request deletes the report; rejecting keeps the values (the transporter sees what was
 * rejected). The answer goes to the network (ANSWER_CORRECTION).
 */
export async function answerIndustrialReport(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  approve: boolean,
): Promise<ReportActionResponse> {
  const action = approve ? 'APPROVE' : 'REJECT';
  const ctx = await prepareAction(app, caller, id, 'WASTE', action);
  const { found, result } = ctx;
  const manifestNumber = found.report.manifestNumber;
  await app.db.transaction(async (tx) => {
    let set: Partial<typeof transportReports.$inferInsert>;
    if (result.status === 'DELETED') set = { deletedAt: ctx.now, ...clearedLastValues() };
    else if (result.lastValues === 'APPLY') {
      const corrected = storedLastValues(found.report);
      set = {
        status: result.status,
        ...valueColumns(corrected),
        ...clearedLastValues(),
        deadline: deadlineOf(corrected.endDateTransport),
      };
    } else set = { status: result.status };
    await updateReportIfUnchanged(tx, found, set, ctx.now);
    if (manifestNumber)
      await enqueueJwnet(tx, { kind: 'ANSWER_CORRECTION', manifestNumber, approve }, id, ctx.now, app.jobs);
    await recordAudit(tx, caller, {
      action: approve ? 'transport_report.approve' : 'transport_report.reject',
      entity: 'transport_report',
      entityId: id,
      detail: { from: found.report.status, to: result.status },
    });
  });
  if (!approve)
    await reportMail(
      app,
      found,
      'TRANSPORT',
      '【junkan】運搬終了報告の修正・取消が否認されました / Your transport report change was rejected',
      '排出事業者が運搬終了報告の修正・取消依頼を否認しました。内容をご確認ください。',
      'The discharger rejected your correction or deletion of a transport completion report.',
    );
  return answerWith(app, ctx, 'WASTE', result.status === 'DELETED' ? 'DELETED' : 'UPDATED');
}
