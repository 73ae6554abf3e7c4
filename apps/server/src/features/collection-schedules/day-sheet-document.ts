import { type CsvCell, toCsv } from '@junkan/shared/csv';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatJapaneseDateWithWeekday, PDF_FONT_FAMILY, renderPdf, THIN_GRID } from '../../lib/pdf';
import { siteAddress } from '../../lib/site-address';
import type { DaySheet, DaySheetGroup } from './day-sheet.service';
import {
  COLLECTION_STATUS_LABELS,
  formatCollectedAmount,
  formatEntryHours,
  formatSiteAddress,
  OUTSIDE_AREAS_LABEL,
  VEHICLE_LIMIT_LABELS,
} from './schedule-labels';
import type { ScheduleRow } from './schedule-rows';

export const DAY_SHEET_TITLE = '回収予定表';
export const NO_COLLECTIONS_TEXT = '予定はありません';

/** `回収予定表_2026-11-25.pdf` / `.csv` (the date is a checked YYYY-MM-DD: nothing to clean). */
export function daySheetFileName(date: string, format: 'pdf' | 'csv'): string {
  return `${DAY_SHEET_TITLE}_${date}.${format}`;
}

const areaLabel = (group: DaySheetGroup) => group.areaName ?? OUTSIDE_AREAS_LABEL;

export const DAY_SHEET_CSV_HEADER = [
  '回収日',
  'エリア',
  '車両制限',
  '回収ID',
  '状態',
  '排出場所',
  '郵便番号',
  '住所',
  '担当者',
  '電話番号',
  '排出事業者',
  '案件名',
  '廃棄物',
  '数量',
  '入場可能時間',
  '備考',
] as const;

/** One line per collection and waste line (a collection without lines still gets one), in the groups' order. */
export function daySheetCsv(sheet: DaySheet): string {
  const lines: CsvCell[][] = [[...DAY_SHEET_CSV_HEADER]];
  for (const group of sheet.groups)
    for (const row of group.rows) {
      const address = siteAddress(row.site);
      const common = (wasteName: string, amount: string): CsvCell[] => [
        sheet.date,
        areaLabel(group),
        VEHICLE_LIMIT_LABELS[group.vehicleLimit],
        row.id,
        COLLECTION_STATUS_LABELS[row.status],
        row.site.name,
        row.site.postalCode,
        address,
        row.site.pic,
        row.site.tel,
        row.discharger.name,
        row.project.title,
        wasteName,
        amount,
        formatEntryHours(row.entryFrom, row.entryUntil),
        row.memo ?? '',
      ];
      if (row.lines.length === 0) lines.push(common('', ''));
      for (const l of row.lines) lines.push(common(l.wasteName, formatCollectedAmount(l)));
    }
  return toCsv(lines);
}

export function renderDaySheetPdf(sheet: DaySheet): Promise<Buffer> {
  return renderPdf(daySheetDefinition(sheet));
}

const head = (text: string): TableCell => ({ text, style: 'th' });

function rowCells(row: ScheduleRow, index: number): TableCell[] {
  return [
    { text: `${index + 1}`, alignment: 'center' },
    {
      text: COLLECTION_STATUS_LABELS[row.status],
      alignment: 'center',
      bold: row.status === 'CONFIRMED',
    },
    {
      stack: [
        { text: row.site.name, bold: true },
        { text: formatSiteAddress(row.site), fontSize: 8 },
      ],
    },
    { stack: [row.site.pic || '—', { text: row.site.tel, fontSize: 8 }] },
    { stack: [row.discharger.name, { text: row.project.title, fontSize: 8 }] },
    {
      stack: row.lines.map((l) => {
        const amount = formatCollectedAmount(l);
        return { text: amount ? `${l.wasteName} ${amount}` : l.wasteName };
      }),
    },
    { text: formatEntryHours(row.entryFrom, row.entryUntil) || '指定なし', alignment: 'center' },
    { text: row.memo ?? '', fontSize: 8 },
  ];
}

const COLUMNS = [
  ['No', 16],
  ['状態', 36],
  ['排出場所・住所', 170],
  ['担当者・電話', 72],
  ['排出事業者・案件', 120],
  ['廃棄物・数量', '*'],
  ['入場時間', 62],
  ['備考', 110],
] as const;

/**
 * One group's table. Its heading is the table's first header row, so it repeats on a continued page and never
 * stays alone at the foot of one (the header rows keep with the first collection).
 */
function groupTable(group: DaySheetGroup): Content {
  const heading: TableCell[] = [
    {
      text: `${areaLabel(group)}／${VEHICLE_LIMIT_LABELS[group.vehicleLimit]}（${group.rows.length}件）`,
      style: 'groupHeading',
      colSpan: COLUMNS.length,
      border: [false, false, false, false],
    },
    ...COLUMNS.slice(1).map((): TableCell => ({})),
  ];
  return {
    table: {
      headerRows: 2,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: COLUMNS.map(([, width]) => width),
      body: [heading, COLUMNS.map(([text]) => head(text)), ...group.rows.map(rowCells)],
    },
    // No line above the heading row.
    layout: { ...THIN_GRID, hLineWidth: (i) => (i === 0 ? 0 : 0.5) },
    margin: [0, 0, 0, 10],
  };
}

function daySheetDefinition(sheet: DaySheet): TDocumentDefinitions {
  const count = sheet.groups.reduce((n, g) => n + g.rows.length, 0);
  const title = `${formatJapaneseDateWithWeekday(sheet.date)} ${DAY_SHEET_TITLE}`;
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [30, 30, 30, 36],
    info: { title, subject: DAY_SHEET_TITLE },
    language: 'ja-JP',
    content: [
      {
        columns: [
          { text: title, style: 'title', width: '*' },
          { text: sheet.companyName, alignment: 'right', width: 'auto', margin: [0, 6, 0, 0] },
        ],
      },
      {
        text: count > 0 ? `全${count}件（希望日・調整中は未確定）` : NO_COLLECTIONS_TEXT,
        margin: [0, 4, 0, 8],
      },
      ...sheet.groups.map(groupTable),
    ],
    footer: (page, pages) => ({ text: `${page} / ${pages}`, style: 'footer' }),
    defaultStyle: { font: PDF_FONT_FAMILY, fontSize: 9, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 16, bold: true },
      groupHeading: { bold: true, fontSize: 11, margin: [-4, 0, 0, 1] },
      th: { bold: true, fillColor: '#eeeeee', alignment: 'center' },
      footer: { alignment: 'center', fontSize: 8, color: '#666666', margin: [0, 12, 0, 0] },
    },
  };
}
