/**
 * The files an evidence pack writes itself, in Japanese as an inspection reads them: one CSV per manifest (its
 * dates, phases and the work sent to the manifest network), one per completion report (reported and corrected
 * values, then every step with who and when: report, correction, approval, rejection, deletion) and one per
 * project's monthly regular reports. The index of them all is evidence-pack-index.ts.
 */
import { type CsvCell, toCsv } from '@junkan/shared/csv';
import { MANIFEST_PHASES, type ManifestPhaseName } from '@junkan/shared/enums';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  auditLogs,
  companies,
  disposalMethods,
  jwnetRequests,
  manifests,
  projects,
  regularReports,
  transportReports,
  unitMeasures,
  users,
  wastes,
} from '../../db/schema';
import type { PackRow } from './evidence-pack-contents';

const MANIFEST_STATUS_LABELS: Record<string, string> = {
  RESERVED: '予約',
  REGISTERED: '登録',
  TEMP_TRANSPORT: '運搬終了(仮)',
  TRANSPORT_END: '運搬終了',
  DISPOSAL_END: '処分終了',
  FINAL_DISPOSAL_END: '最終処分終了',
};
const PHASE_LABELS: Record<ManifestPhaseName, string> = {
  reservation: '予約',
  transportation: '運搬',
  processing: '処分',
  final: '最終処分',
};
const REPORT_STATUS_LABELS: Record<string, string> = {
  BLANK: '確定',
  ACCEPTANCE_OR_DENIAL: '修正の承認待ち',
  REQUEST_DELETE: '取消の承認待ち',
  REJECTION: '否認',
};
const JWNET_KIND_LABELS: Record<string, string> = {
  REGISTER_MANIFEST: '登録',
  REPORT_TRANSPORT_END: '運搬終了報告',
  CORRECT_REPORT: '修正',
  CANCEL_REPORT: '取消',
  ANSWER_CORRECTION: '修正・取消への回答',
};
const JWNET_STATE_LABELS: Record<string, string> = {
  QUEUED: '送信待ち',
  SENT: '送信済み（結果待ち）',
  DONE: '反映済み',
  REFUSED: '不受理',
  FAILED: '送信できず',
};
const AUDIT_ACTION_LABELS: Record<string, string> = {
  'transport_report.create': '報告',
  'transport_report.correct': '修正',
  'transport_report.delete': '削除',
  'transport_report.request_delete': '取消の依頼',
  'transport_report.resend': '再送信',
  'transport_report.confirm_rejection': '否認の確認',
  'transport_report.approve': '承認',
  'transport_report.reject': '否認',
  'regular_report.save': '月次報告の登録',
};

/** 2026-11-25 14:05 in Japan time (what every "when" column prints). */
export function japanDateTime(d: Date | string | null): string {
  if (!d) return '';
  const date = typeof d === 'string' ? new Date(d) : d;
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

const phaseOf = (phases: unknown, name: ManifestPhaseName) => {
  const p = ((typeof phases === 'string' ? JSON.parse(phases) : phases) ?? {}) as Record<
    string,
    { done?: unknown; date?: unknown }
  >;
  return {
    done: p[name]?.done === true,
    date: typeof p[name]?.date === 'string' ? (p[name]?.date as string) : null,
  };
};

/** Rows of the work sent to the manifest network, oldest first. */
async function networkRows(db: DbOrTx, where: ReturnType<typeof eq>): Promise<CsvCell[][]> {
  const rows = await db
    .select({
      kind: jwnetRequests.kind,
      state: jwnetRequests.state,
      createdAt: jwnetRequests.createdAt,
      updatedAt: jwnetRequests.updatedAt,
    })
    .from(jwnetRequests)
    .where(where)
    .orderBy(asc(jwnetRequests.id));
  return rows.map((r) => [
    JWNET_KIND_LABELS[r.kind] ?? r.kind,
    JWNET_STATE_LABELS[r.state] ?? r.state,
    japanDateTime(r.createdAt),
    japanDateTime(r.updatedAt),
  ]);
}

/** One manifest: its parties, dates and state, its four phases, and this product's work for it. */
export async function manifestCsv(db: DbOrTx, id: number): Promise<string> {
  const discharger = alias(companies, 'discharger');
  const transporter = alias(companies, 'transporter');
  const [m] = await db
    .select({
      manifest: manifests,
      projectTitle: projects.title,
      dischargerName: discharger.name,
      transporterName: transporter.name,
    })
    .from(manifests)
    .innerJoin(discharger, eq(discharger.id, manifests.dischargerCompanyId))
    .leftJoin(transporter, eq(transporter.id, manifests.transportCompanyId))
    .leftJoin(projects, eq(projects.id, manifests.projectId))
    .where(eq(manifests.id, id));
  if (!m) throw new Error(`manifest ${id} not found`);
  const r = m.manifest;
  const rows: CsvCell[][] = [
    ['項目', '内容'],
    ['マニフェスト番号', r.manifestNumber],
    ['案件ID', r.projectId],
    ['案件名', m.projectTitle],
    ['排出事業者', m.dischargerName],
    ['収集運搬業者', m.transporterName],
    ['廃棄物', r.wasteName],
    ['排出事業場', r.dischargeSiteName],
    ['交付日', r.deliveryDate],
    ['運搬終了日', r.transportEndDate],
    ['処分終了日', r.disposalEndDate],
    ['最終処分終了日', r.finalDisposalEndDate],
    ['状態', r.networkStatus ? (MANIFEST_STATUS_LABELS[r.networkStatus] ?? r.networkStatus) : '確認中'],
    ['電子マニフェストからの最終取得日時', japanDateTime(r.syncedAt)],
    [],
    ['工程', '状況', '日付'],
    ...MANIFEST_PHASES.map((name) => {
      const phase = phaseOf(r.phases, name);
      return [PHASE_LABELS[name], phase.done ? '完了' : '未完了', phase.date];
    }),
    [],
    ['電子マニフェストへの送信', '状態', '依頼日時', '更新日時'],
    ...(await networkRows(db, eq(jwnetRequests.manifestNumber, r.manifestNumber))),
  ];
  return toCsv(rows);
}

type StoredReport = typeof transportReports.$inferSelect;

/** The names of the units and disposal methods a report's values (reported and corrected) refer to. */
async function valueNamesOf(db: DbOrTx, rep: StoredReport) {
  const unitIds = [
    rep.transportVolumeUnitId,
    rep.valuablesCollectedUnitId,
    rep.lastTransportVolumeUnitId,
    rep.lastValuablesCollectedUnitId,
  ].filter((v): v is number => v != null);
  const methodIds = [rep.disposalMethodId, rep.lastDisposalMethodId].filter((v): v is number => v != null);
  const [units, methods] = await Promise.all([
    unitIds.length
      ? db
          .select({ id: unitMeasures.id, unit: unitMeasures.unit })
          .from(unitMeasures)
          .where(inArray(unitMeasures.id, unitIds))
      : [],
    methodIds.length
      ? db
          .select({ id: disposalMethods.id, method: disposalMethods.method })
          .from(disposalMethods)
          .where(inArray(disposalMethods.id, methodIds))
      : [],
  ]);
  return {
    unit: (uid: number | null) => units.find((u) => u.id === uid)?.unit ?? '',
    method: (mid: number | null) => methods.find((m) => m.id === mid)?.method ?? '',
  };
}

/** Who did what to a report and when (its audit trail), oldest first. */
async function reportHistory(db: DbOrTx, id: number): Promise<CsvCell[][]> {
  const actor = alias(users, 'actor');
  const admin = alias(users, 'admin');
  const history = await db
    .select({
      action: auditLogs.action,
      createdAt: auditLogs.createdAt,
      userName: actor.userName,
      userEmail: actor.email,
      companyName: companies.name,
      adminName: admin.userName,
      adminEmail: admin.email,
    })
    .from(auditLogs)
    .leftJoin(actor, eq(actor.id, auditLogs.userId))
    .leftJoin(companies, eq(companies.id, actor.companyId))
    .leftJoin(admin, eq(admin.id, auditLogs.adminId))
    .where(and(eq(auditLogs.entity, 'transport_report'), eq(auditLogs.entityId, String(id))))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
  return history.map((h) => [
    japanDateTime(h.createdAt),
    AUDIT_ACTION_LABELS[h.action] ?? h.action,
    h.userName || h.userEmail || 'システム',
    h.companyName,
    h.adminName || h.adminEmail || '',
  ]);
}

/** A report's rows: each value as reported and, while a correction awaits, as corrected. */
function reportValueRows(
  rep: StoredReport,
  projectTitle: string,
  names: Awaited<ReturnType<typeof valueNamesOf>>,
): CsvCell[][] {
  const { unit, method } = names;
  const amount = (v: string | null, uid: number | null) => (v == null ? '' : `${v}${unit(uid)}`);
  const corrected = rep.lastEndDateTransport !== null;
  const last = (v: CsvCell) => (corrected ? v : '');
  return [
    ['項目', '報告値', '修正値（承認待ち）'],
    ['報告ID', rep.id, ''],
    ['マニフェスト番号', rep.manifestNumber, ''],
    ['案件ID', rep.projectId, ''],
    ['案件名', projectTitle, ''],
    ['廃棄物', rep.wasteName, ''],
    ['状態', REPORT_STATUS_LABELS[rep.status] ?? rep.status, ''],
    ['削除日時', japanDateTime(rep.deletedAt), ''],
    ['回収日', rep.collectTime, ''],
    ['運搬終了日', rep.endDateTransport, last(rep.lastEndDateTransport)],
    [
      '運搬量',
      amount(rep.transportVolume, rep.transportVolumeUnitId),
      last(amount(rep.lastTransportVolume, rep.lastTransportVolumeUnitId)),
    ],
    [
      '有価物拾集量',
      amount(rep.valuablesCollected, rep.valuablesCollectedUnitId),
      last(amount(rep.lastValuablesCollected, rep.lastValuablesCollectedUnitId)),
    ],
    ['車両番号', rep.vehicleNumber, last(rep.lastVehicleNumber)],
    ['報告担当者', rep.reporter, last(rep.lastReporter)],
    ['運搬担当者', rep.transporter, last(rep.lastTransporter)],
    ['処分方法', method(rep.disposalMethodId), last(method(rep.lastDisposalMethodId))],
    ['報告期限', rep.deadline, ''],
    ['電子マニフェストへの報告', rep.isSynced ? 'あり' : 'なし', ''],
    ['登録日時', japanDateTime(rep.createdAt), ''],
    ['最終更新日時', japanDateTime(rep.updatedAt), ''],
  ];
}

/** One completion report: reported and corrected values side by side, then its history (who, when). */
export async function reportCsv(db: DbOrTx, id: number): Promise<string> {
  const [r] = await db
    .select({ report: transportReports, projectTitle: projects.title })
    .from(transportReports)
    .innerJoin(projects, eq(projects.id, transportReports.projectId))
    .where(eq(transportReports.id, id));
  if (!r) throw new Error(`transport report ${id} not found`);
  const rows: CsvCell[][] = [
    ...reportValueRows(r.report, r.projectTitle, await valueNamesOf(db, r.report)),
    [],
    ['履歴：日時', '操作', '操作者', '所属', '代理操作した管理者'],
    ...(await reportHistory(db, id)),
    [],
    ['電子マニフェストへの送信', '状態', '依頼日時', '更新日時'],
    ...(await networkRows(db, eq(jwnetRequests.transportReportId, id))),
  ];
  return toCsv(rows);
}

/** A project's monthly regular reports (kg per category), of the pack's side and months. */
export async function regularReportsCsv(
  db: DbOrTx,
  pack: Pick<PackRow, 'side' | 'companyId'>,
  source: { projectId: number; fromMonth: number | null; toMonth: number | null },
): Promise<string> {
  const reporter = alias(users, 'reporter');
  const rows = await db
    .select({
      year: regularReports.year,
      month: regularReports.month,
      wasteName: wastes.name,
      volume: regularReports.volume,
      reporterName: reporter.userName,
      reporterEmail: reporter.email,
      createdAt: regularReports.createdAt,
      updatedAt: regularReports.updatedAt,
    })
    .from(regularReports)
    .innerJoin(wastes, eq(wastes.id, regularReports.wasteId))
    .leftJoin(reporter, eq(reporter.id, regularReports.createdBy))
    .where(
      and(
        eq(regularReports.projectId, source.projectId),
        eq(
          pack.side === 'WASTE' ? regularReports.dischargerCompanyId : regularReports.transportCompanyId,
          pack.companyId,
        ),
        source.fromMonth !== null && source.toMonth !== null
          ? sql`${regularReports.year} * 100 + ${regularReports.month} between ${source.fromMonth} and ${source.toMonth}`
          : undefined,
      ),
    )
    .orderBy(asc(regularReports.year), asc(regularReports.month), asc(wastes.sortOrder), asc(wastes.id));
  return toCsv([
    ['年月', '区分', '重量(kg)', '報告者', '登録日時', '最終更新日時'],
    ...rows.map((r) => [
      `${r.year}-${String(r.month).padStart(2, '0')}`,
      r.wasteName,
      r.volume,
      r.reporterName || r.reporterEmail || '',
      japanDateTime(r.createdAt),
      japanDateTime(r.updatedAt),
    ]),
  ]);
}
