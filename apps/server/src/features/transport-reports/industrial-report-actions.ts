import {
  correctionDateIssues,
  type ReportActionResponse,
  type ReportCorrectionInput,
} from '@junkan/shared/api/transport-reports';
import type { ReportStatus } from '@junkan/shared/enums';
import { correctionOutcome } from '@junkan/shared/report-rules';
import type { FastifyInstance } from 'fastify';
import type { transportReports } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { tokyoDate } from '../../lib/time';
import type { Caller } from '../../plugins/auth';
import { enqueueJwnet } from '../jwnet/jwnet-queue';
import {
  answerWith,
  checkMasters,
  deadlineOf,
  prepareAction,
  queueTransportEnd,
  reportMail,
  throwFieldIssues,
  updateReportIfUnchanged,
} from './industrial-report-steps';
import {
  CORRECTION_FIELDS,
  clearedLastValues,
  correctionRuleValues,
  lastValueColumns,
  networkReport,
  REPORT_FIELDS,
  requestValues,
  storedLastValues,
  storedValues,
  valueColumns,
} from './transport-report-values';
import { listUnits } from './transport-report-view';
import { isReportValuablesWithoutTransshipment } from './valuables-flag';

/**
 * What the two sides do to an industrial report once made: the transporter corrects, cancels, resends and
 * acknowledges a rejection; the discharger approves or rejects a correction or a deletion request. Each is
 * checked by the shared rules (`prepareAction`) and written in one transaction with its work for the network.
 */

// ---- transporter's actions -------------------------------------------------------------------------

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

/** The transporter's mail of the discharger's answer: subject, Japanese text, English text. */
const ANSWER_MAILS: Record<
  'rejected' | 'deleted' | 'corrected',
  readonly [subject: string, line: string, english: string]
> = {
  rejected: [
    '【junkan】運搬終了報告の修正・取消が否認されました / Your transport report change was rejected',
    '排出事業者が運搬終了報告の修正・取消依頼を否認しました。内容をご確認ください。',
    'The discharger rejected your correction or deletion of a transport completion report.',
  ],
  deleted: [
    '【junkan】運搬終了報告の取消が承認されました / Your transport report deletion was approved',
    '排出事業者が運搬終了報告の取消依頼を承認しました。報告は取り消されました。',
    'The discharger approved your deletion of a transport completion report. The report is deleted.',
  ],
  corrected: [
    '【junkan】運搬終了報告の修正が承認されました / Your transport report correction was approved',
    '排出事業者が運搬終了報告の修正依頼を承認しました。修正後の内容で報告されています。',
    'The discharger approved your correction of a transport completion report. The corrected values now stand.',
  ],
};

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
  // The transporter is told either way: a change it asked for was made, or it was not.
  const told = !approve
    ? ANSWER_MAILS.rejected
    : result.status === 'DELETED'
      ? ANSWER_MAILS.deleted
      : ANSWER_MAILS.corrected;
  await reportMail(app, found, 'TRANSPORT', ...told);
  return answerWith(app, ctx, 'WASTE', result.status === 'DELETED' ? 'DELETED' : 'UPDATED');
}
