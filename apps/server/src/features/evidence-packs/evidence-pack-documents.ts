/**
 * The files an evidence pack writes itself, in Japanese as an inspection reads them: one CSV per manifest (its
 * dates, phases and the work sent to the manifest network), one per completion report (reported and corrected
 * values, then every step with who and when: report, correction, approval, rejection, deletion), one per project's
 * monthly regular reports, and the index (index.csv for Excel, index.pdf to print).
 */
import { type CsvCell, MANIFEST_PHASES, type ManifestPhaseName, toCsv } from '@junkan/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
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
import {
  formatJapaneseDate,
  PDF_FONT_FAMILY,
  renderPdf,
  THIN_GRID,
  unbroken,
  unbrokenDates,
} from '../../lib/pdf';
import type { PackItem, PackItemKind, PackPlan, PackRow } from './evidence-pack-contents';

export const ITEM_KIND_LABELS: Record<PackItemKind, string> = {
  CONTRACT_DOCUMENT: '契約書',
  PERMIT: '許可証の写し',
  MANIFEST: 'マニフェスト',
  TRANSPORT_REPORT: '運搬終了報告',
  REGULAR_REPORTS: '定期回収 月次報告',
};

const SIDE_LABELS = { WASTE: '排出事業者', TRANSPORT: '収集運搬業者' } as const;

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

/** One completion report: reported and corrected values side by side, then its history (who, when). */
export async function reportCsv(db: DbOrTx, id: number): Promise<string> {
  const [r] = await db
    .select({ report: transportReports, projectTitle: projects.title })
    .from(transportReports)
    .innerJoin(projects, eq(projects.id, transportReports.projectId))
    .where(eq(transportReports.id, id));
  if (!r) throw new Error(`transport report ${id} not found`);
  const rep = r.report;
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
  const unit = (uid: number | null) => units.find((u) => u.id === uid)?.unit ?? '';
  const method = (mid: number | null) => methods.find((m) => m.id === mid)?.method ?? '';
  const amount = (v: string | null, uid: number | null) => (v == null ? '' : `${v}${unit(uid)}`);
  const corrected = rep.lastEndDateTransport !== null;
  const last = (v: CsvCell) => (corrected ? v : '');

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

  const rows: CsvCell[][] = [
    ['項目', '報告値', '修正値（承認待ち）'],
    ['報告ID', rep.id, ''],
    ['マニフェスト番号', rep.manifestNumber, ''],
    ['案件ID', rep.projectId, ''],
    ['案件名', r.projectTitle, ''],
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
    [],
    ['履歴：日時', '操作', '操作者', '所属', '代理操作した管理者'],
    ...history.map((h) => [
      japanDateTime(h.createdAt),
      AUDIT_ACTION_LABELS[h.action] ?? h.action,
      h.userName || h.userEmail || 'システム',
      h.companyName,
      h.adminName || h.adminEmail || '',
    ]),
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

export const INDEX_CSV_HEADER = [
  'No',
  'ファイル',
  '案件ID',
  '案件名',
  '種類',
  '番号',
  '日付',
  '保存期限',
] as const;

const indexRow = (item: PackItem, i: number): CsvCell[] => [
  i + 1,
  item.path,
  item.project?.id ?? '',
  item.project?.title ?? '',
  ITEM_KIND_LABELS[item.kind],
  item.number,
  item.date,
  item.keptUntil,
];

/** index.csv: every file of the pack, with its project, kind, number, date and the day it is kept until. */
export function indexCsv(plan: PackPlan): string {
  return toCsv([[...INDEX_CSV_HEADER], ...plan.items.map(indexRow)]);
}

export const INDEX_TITLE = '証跡パック 索引';
/**
 * The printed index lists at most this many files (a long table makes pdfmake slow and large); past it, it says
 * so and index.csv, which always lists every file, is the full list.
 */
export const INDEX_PDF_MAX_ROWS = 3000;

/** What the pack covers, in words: `案件「…」` or `期間 2026年1月1日〜2026年12月31日`. */
export function scopeText(pack: PackRow, plan: PackPlan): string {
  if (pack.scope === 'PERIOD')
    return `期間 ${formatJapaneseDate(pack.periodFrom ?? '')}〜${formatJapaneseDate(pack.periodTo ?? '')}`;
  const project = plan.projects[0];
  return `案件 ${project ? `${project.id}「${project.title}」` : `${pack.projectId}`}`;
}

/** index.pdf: the same list to print, with the pack's company, side, scope and time and a count per kind. */
export function renderIndexPdf(pack: PackRow, plan: PackPlan, generatedAt: Date): Promise<Buffer> {
  const counts = (Object.keys(ITEM_KIND_LABELS) as PackItemKind[])
    .map((kind) => [kind, plan.items.filter((i) => i.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${ITEM_KIND_LABELS[kind]} ${n}件`);
  const head = (text: string): TableCell => ({ text, style: 'th' });
  const body: TableCell[][] = [
    ['No', '種類', '案件', '番号', '日付', '保存期限', 'ファイル'].map(head),
    ...plan.items
      .slice(0, INDEX_PDF_MAX_ROWS)
      .map((item, i) => [
        { text: String(i + 1), alignment: 'right' as const },
        ITEM_KIND_LABELS[item.kind],
        item.project ? `${item.project.id} ${item.project.title}` : '',
        item.number,
        unbrokenDates(item.date),
        unbroken(item.keptUntil),
        { text: item.path, fontSize: 7 },
      ]),
  ];
  const content: Content[] = [
    { text: INDEX_TITLE, style: 'title' },
    {
      columns: [
        {
          stack: [
            `${SIDE_LABELS[pack.side]}：${plan.companyName}`,
            scopeText(pack, plan),
            `作成日時：${japanDateTime(generatedAt)}`,
          ],
        },
        {
          stack: [`ファイル ${plan.items.length}件`, counts.join('、') || '対象の書類はありません'],
          alignment: 'right',
        },
      ],
      margin: [0, 0, 0, 8],
    },
    {
      text: 'マニフェスト、運搬終了報告、契約書、許可証は最終日から5年間保存されます（保存期限の日まで削除できません）。',
      fontSize: 8,
      margin: [0, 0, 0, 6],
    },
    plan.items.length
      ? {
          table: { headerRows: 1, widths: [22, 70, 150, 90, 110, 56, '*'], body },
          layout: THIN_GRID,
          fontSize: 8,
        }
      : { text: '対象の書類はありません', margin: [0, 12, 0, 0] },
  ];
  if (plan.items.length > INDEX_PDF_MAX_ROWS)
    content.push({
      text: `ここまで${INDEX_PDF_MAX_ROWS}件を表示しています。全${plan.items.length}件は index.csv をご覧ください。`,
      margin: [0, 8, 0, 0],
    });
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 32],
    defaultStyle: { font: PDF_FONT_FAMILY, fontSize: 9 },
    styles: {
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 8] },
      th: { bold: true, fillColor: '#eeeeee' },
    },
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 8 }),
    info: { title: INDEX_TITLE },
    content,
  };
  return renderPdf(definition);
}
