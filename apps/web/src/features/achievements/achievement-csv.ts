import type { AchievementDetail, AchievementSummaryRow } from '@junkan/shared/api/transport-reports';
import { achievementCsvFileName, type CsvCell, toCsv } from '@junkan/shared/csv';
import { type ReportStatus, WASTE_TYPE_CODE } from '@junkan/shared/enums';
import { reportStatusLabelKey } from '@junkan/shared/report-rules';
import { formatPlainDate } from '../../lib/format';
import { wasteTypeLabelKey } from './achievement-filters';
import { csvVolume } from './achievement-volume';

type Translate = (key: string) => string;

const pad = (n: number) => String(n).padStart(2, '0');

/** Year and month as the tables show them: 2026/04. */
export const formatYearMonth = (year: number, month: number) => `${year}/${pad(month)}`;

export function statusText(t: Translate, status: ReportStatus | null, isDischarger: boolean): string {
  const key = status ? reportStatusLabelKey(status, isDischarger) : null;
  return key ? t(key) : '';
}

/**
 * The list as CSV rows, header first, with the texts the table shows: one row per line, each line's volume
 * beside its own unit (a line has one unit, so the column never needs to mix them).
 */
export function listCsvRows(
  rows: readonly AchievementSummaryRow[],
  t: Translate,
  isDischarger: boolean,
): CsvCell[][] {
  return [
    [
      t('achievements.column.month'),
      t('achievements.column.type'),
      t('achievements.column.wasteName'),
      t('achievements.column.company'),
      t('achievements.column.volume'),
      t('achievements.column.unit'),
      t('achievements.column.status'),
    ],
    ...rows.map((r) => [
      formatYearMonth(r.year, r.month),
      t(wasteTypeLabelKey(r.type)),
      r.wasteName,
      r.wasteCompanyName,
      csvVolume(r.transportVolume),
      r.transportVolumeUnit ?? '',
      statusText(t, r.status, isDischarger),
    ]),
  ];
}

/** The details as CSV rows: industrial or regular columns, as the table shows them, each volume with its unit. */
export function detailCsvRows(detail: AchievementDetail, t: Translate, isDischarger: boolean): CsvCell[][] {
  const type = t(wasteTypeLabelKey(detail.wasteType));
  if (detail.wasteType === WASTE_TYPE_CODE.INDUSTRIAL)
    return [
      [
        t('achievements.column.type'),
        t('achievements.column.wasteName'),
        t('achievements.column.projectTitle'),
        t('achievements.column.manifestNumber'),
        t('achievements.column.endDateTransport'),
        t('achievements.column.volume'),
        t('achievements.column.unit'),
        t('achievements.column.transporter'),
        t('achievements.column.status'),
      ],
      ...detail.items.map((r) => [
        type,
        r.wasteName,
        r.projectTitle,
        r.manifestId,
        formatPlainDate(r.endDateTransport),
        csvVolume(r.transportVolume),
        r.transportVolumeUnit,
        r.transporter,
        statusText(t, r.status, isDischarger),
      ]),
    ];
  return [
    [
      t('achievements.column.type'),
      t('achievements.column.wasteName'),
      t('achievements.column.projectTitle'),
      t('achievements.column.collectionDate'),
      t('achievements.column.volume'),
      t('achievements.column.unit'),
    ],
    ...detail.items.map((r) => [
      type,
      r.wasteName,
      r.projectTitle,
      formatPlainDate(r.collectiondate),
      csvVolume(r.transportVolume),
      r.transportVolumeUnit,
    ]),
  ];
}

export interface CsvFile {
  fileName: string;
  content: string;
}

export function listCsvFile(
  rows: readonly AchievementSummaryRow[],
  period: { year: number; month: number | null },
  t: Translate,
  isDischarger: boolean,
): CsvFile {
  return {
    fileName: achievementCsvFileName(
      t('achievements.csv.prefix'),
      t('achievements.csv.listTitle'),
      period.year,
      period.month,
    ),
    content: toCsv(listCsvRows(rows, t, isDischarger)),
  };
}

/** The details' file is named after the header: waste name and discharger. */
export function detailCsvFile(detail: AchievementDetail, t: Translate, isDischarger: boolean): CsvFile {
  const title = [detail.wasteName, detail.wasteCompanyName].filter(Boolean).join('_');
  return {
    fileName: achievementCsvFileName(t('achievements.csv.prefix'), title, detail.year, detail.month),
    content: toCsv(detailCsvRows(detail, t, isDischarger)),
  };
}

/** Hands a CSV text to the browser as a download (the BOM is part of the text). */
export function saveCsv({ fileName, content }: CsvFile): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
