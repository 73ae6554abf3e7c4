/**
 * The pack's index, in Japanese as an inspection reads it: index.csv (for Excel) and index.pdf (to print) list every
 * file of the pack with its project, kind, number, date and the day it is kept until.
 */
import { type CsvCell, toCsv } from '@junkan/shared/csv';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  formatJapaneseDate,
  PDF_FONT_FAMILY,
  renderPdf,
  THIN_GRID,
  unbroken,
  unbrokenDates,
} from '../../lib/pdf';
import type { PackItem, PackItemKind, PackPlan, PackRow } from './evidence-pack-contents';
import { japanDateTime } from './evidence-pack-documents';

export const ITEM_KIND_LABELS: Record<PackItemKind, string> = {
  CONTRACT_DOCUMENT: '契約書',
  PERMIT: '許可証の写し',
  MANIFEST: 'マニフェスト',
  TRANSPORT_REPORT: '運搬終了報告',
  REGULAR_REPORTS: '定期回収 月次報告',
};

const SIDE_LABELS = { WASTE: '排出事業者', TRANSPORT: '収集運搬業者' } as const;

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
