import type { ColumnsType } from 'antd/es/table';
import { describe, expect, it } from 'vitest';
import { columnsWidth, readableColumns, TEXT_COLUMN_MIN_WIDTH } from './data-table';

interface Row {
  name: string;
}

describe('readableColumns', () => {
  const columns: ColumnsType<Row> = [
    { key: 'name', title: 'Name', dataIndex: 'name' },
    { key: 'memo', title: 'Memo', dataIndex: 'memo', minWidth: 240 } as ColumnsType<Row>[number],
    { key: 'note', title: 'Note', dataIndex: 'note', ellipsis: false },
    { key: 'date', title: 'Date', dataIndex: 'date', width: 110 },
  ];
  const [name, memo, note, date] = readableColumns(columns) as (ColumnsType<Row>[number] & {
    width?: number;
    ellipsis?: unknown;
  })[];

  it.each([
    [
      'a text column gets the minimum width and an ellipsis',
      name,
      TEXT_COLUMN_MIN_WIDTH,
      { showTitle: false },
    ],
    ['a text column keeps its own minimum', memo, 240, { showTitle: false }],
    ['a text column that wraps keeps the minimum, no ellipsis', note, TEXT_COLUMN_MIN_WIDTH, false],
    ['a column with a width is left as it is', date, 110, undefined],
  ])('%s', (_, column, width, ellipsis) => {
    expect(column?.width).toBe(width);
    expect(column?.ellipsis).toEqual(ellipsis);
  });

  it('counts the table width from its columns, groups and selection included', () => {
    expect(columnsWidth(readableColumns(columns))).toBe(TEXT_COLUMN_MIN_WIDTH * 2 + 240 + 110);
    const grouped: ColumnsType<Row> = [{ title: 'G', children: [{ key: 'a', width: 80 }, { key: 'b' }] }];
    expect(columnsWidth(readableColumns(grouped), 48)).toBe(48 + 80 + TEXT_COLUMN_MIN_WIDTH);
  });

  describe('on a phone', () => {
    const fixedOnes: ColumnsType<Row> = [
      { key: 'number', title: 'No', width: 120, fixed: 'start' },
      { key: 'left', title: 'Code', width: 90, fixed: 'left' },
      { key: 'name', title: 'Name', dataIndex: 'name' },
      { title: 'Group', fixed: 'end', children: [{ key: 'inner', width: 60, fixed: 'right' }] },
      { key: 'actions', title: 'Actions', width: 230, fixed: 'right' },
      { key: 'more', title: 'More', width: 80, fixed: 'end' },
    ];
    const fixedOf = (narrow: boolean) =>
      readableColumns(fixedOnes, { narrow }).map((c) => [
        c.key ?? c.title,
        c.fixed,
        ...('children' in c && c.children ? c.children.map((g) => g.fixed) : []),
      ]);

    it('lets the columns fixed to the end scroll with the row, and keeps the identifier at the start', () => {
      expect(fixedOf(true)).toEqual([
        ['number', 'start'],
        ['left', 'left'],
        ['name', undefined],
        ['Group', undefined, undefined],
        ['actions', undefined],
        ['more', undefined],
      ]);
    });

    it('keeps every column where it was on a wider screen', () => {
      expect(fixedOf(false)).toEqual([
        ['number', 'start'],
        ['left', 'left'],
        ['name', undefined],
        ['Group', 'end', 'right'],
        ['actions', 'right'],
        ['more', 'end'],
      ]);
    });
  });
});
