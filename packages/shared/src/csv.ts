/**
 * CSV export (section 9): a byte-order mark so Excel reads UTF-8 (Japanese) text, every cell in double quotes
 * with inner quotes doubled, CRLF line ends. A null cell is an empty one.
 *
 * Formula injection (OWASP "CSV Injection"): a text cell whose first character is `=`, `+`, `-`, `@`, TAB or CR
 * would be run as a formula by Excel, LibreOffice or Sheets, so it is written with a single quote before it (the
 * quote shows; the formula does not run). The rule is OWASP's to the letter: the first character of the cell, with
 * the quoting above, which keeps a comma, quote or line break inside a cell from starting a new one. Number cells
 * are typed: the writer knows they are numbers (a negative amount `-100` is no formula), so they are written as
 * they are; a number passed as text is neutralised like any text, so an export that wants a spreadsheet number
 * passes a number.
 */
export type CsvCell = string | number | null;

export const CSV_BOM = '\uFEFF';

/** The first characters OWASP names: a spreadsheet reads a cell starting with one as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet will show it, never run it. */
function neutraliseCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const cellText = (cell: CsvCell) =>
  cell === null ? '' : typeof cell === 'number' ? String(cell) : neutraliseCsvText(cell);

const quoteCell = (cell: CsvCell) => `"${cellText(cell).replaceAll('"', '""')}"`;

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
