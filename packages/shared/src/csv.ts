/**
 * CSV export (section 9): a byte-order mark so Excel reads UTF-8 (Japanese) text, every cell in double quotes
 * with inner quotes doubled, CRLF line ends. A null cell is an empty one.
 */
export type CsvCell = string | number | null;

export const CSV_BOM = '\uFEFF';

const quoteCell = (cell: CsvCell) => `"${(cell === null ? '' : String(cell)).replaceAll('"', '""')}"`;

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + rows.map((row) => row.map(quoteCell).join(',')).join('\r\n') + (rows.length ? '\r\n' : '');
}

/** Characters Windows does not allow in file names, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const UNSAFE_FILE_NAME_CHARS = /[\\/:*?"<>|\u0000-\u001f]/g;

/**
 * Achievement CSV file name: fixed prefix, the list's or details' title, year and month, e.g.
 * `実績_可燃ごみ_2026-04.csv` (annual: `実績_一覧_2026.csv`). Empty parts are left out.
 */
export function achievementCsvFileName(prefix: string, title: string, year: number, month?: number | null) {
  const period = month ? `${year}-${String(month).padStart(2, '0')}` : String(year);
  const parts = [prefix, title, period]
    .map((part) => part.replace(UNSAFE_FILE_NAME_CHARS, '_').trim())
    .filter(Boolean);
  return `${parts.join('_')}.csv`;
}
