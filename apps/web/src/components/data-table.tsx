import { Grid, Table, type TableProps, Tooltip } from 'antd';
import type { ColumnGroupType, ColumnsType, ColumnType, TableRef } from 'antd/es/table';
import { isValidElement, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** Narrowest a text column gets: a name or title stays readable; the table scrolls rather than crushing it. */
export const TEXT_COLUMN_MIN_WIDTH = 140;

/**
 * One column's text, cut with an ellipsis when it does not fit; the whole text shows in a tooltip then
 * (and only then, so short cells stay quiet).
 */
export function CellText({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  const isCut = () => !!ref.current && ref.current.scrollWidth > ref.current.clientWidth;
  return (
    <Tooltip
      title={children}
      open={open}
      onOpenChange={(next) => setOpen(next && isCut())}
      placement="topLeft"
    >
      <span
        ref={ref}
        style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {children}
      </span>
    </Tooltip>
  );
}

type Column<T> = ColumnGroupType<T> | ColumnType<T>;

/** A column's own width as a number (a string width counts as the text minimum). */
const widthOf = (column: Column<unknown>): number =>
  typeof column.width === 'number' ? column.width : TEXT_COLUMN_MIN_WIDTH;

/** Whether a column is fixed to the end of the row (antd's 'right' or 'end'). */
const isFixedToEnd = (fixed: Column<unknown>['fixed']) => fixed === 'right' || fixed === 'end';

/**
 * On a phone (`narrow`) a column fixed to the end (the actions) would cover most of the row in the room there
 * is, the row's identifier included: it scrolls with the row instead. A column fixed to the start (the row's
 * identifier: a number, an id) stays, so the row is still named while it scrolls.
 */
function placed<T>(column: Column<T>, narrow: boolean): Column<T> {
  if (!narrow || !isFixedToEnd(column.fixed)) return column;
  const { fixed: _scrollsWithTheRow, ...rest } = column;
  return rest;
}

/**
 * The table pattern of the app. A column with a `width` keeps it (dates, amounts, statuses, actions); one
 * without is text: it gets `minWidth` (or TEXT_COLUMN_MIN_WIDTH) as its share, and an ellipsis with a tooltip
 * rather than wrapping into a column of single characters. Set `ellipsis: false` on a text column that
 * should wrap instead (long notes), still with the minimum width. `narrow` (a phone): see `placed`.
 */
export function readableColumns<T>(
  columns: ColumnsType<T>,
  { editable = false, narrow = false } = {},
): ColumnsType<T> {
  return columns.map((original): Column<T> => {
    const column = placed(original as Column<T>, narrow);
    if ('children' in column && column.children) {
      return { ...column, children: readableColumns(column.children, { editable, narrow }) };
    }
    const leaf = column as ColumnType<T> & { minWidth?: number };
    if (leaf.width !== undefined) return leaf;
    const width = leaf.minWidth ?? TEXT_COLUMN_MIN_WIDTH;
    // Inputs and their messages are never cut: an editable table's cells wrap.
    if (leaf.ellipsis === false || editable) return { ...leaf, width };
    const render = leaf.render;
    return {
      ...leaf,
      width,
      ellipsis: { showTitle: false },
      render: (value, record, index) => {
        const node = render ? render(value, record, index) : (value as ReactNode);
        // A render that answers cell props (rowSpan) is left as it is.
        if (node !== null && typeof node === 'object' && !isValidElement(node) && 'children' in node)
          return node;
        return <CellText>{node as ReactNode}</CellText>;
      },
    };
  });
}

/** Total width of the columns: the table is at least this wide and scrolls inside itself below it. */
export function columnsWidth<T>(columns: ColumnsType<T>, selectionWidth = 0): number {
  return columns.reduce(
    (sum, column) =>
      sum +
      ('children' in column && column.children
        ? columnsWidth(column.children)
        : widthOf(column as Column<unknown>)),
    selectionWidth,
  );
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A table that scrolls inside itself and holds nothing to focus takes the focus itself, so that the keyboard can
 * scroll it too (JIS X 8341-3 2.1.1); one that fits, or holds links or buttons to move through, is no extra stop.
 */
function markScrollRegions(table: RefObject<TableRef | null>) {
  const root = table.current?.nativeElement;
  if (!root) return;
  for (const region of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
    const scrolls = region.scrollWidth > region.clientWidth || region.scrollHeight > region.clientHeight;
    if (scrolls && !region.querySelector(FOCUSABLE)) region.tabIndex = 0;
    else region.removeAttribute('tabindex');
  }
}

function useKeyboardScroll(table: RefObject<TableRef | null>) {
  // After each render (new rows, new columns)...
  useEffect(() => markScrollRegions(table));
  // ...and when the table's box changes size: one observer for the table's life, not one per render.
  useEffect(() => {
    const root = table.current?.nativeElement;
    if (!root) return;
    const observer = new ResizeObserver(() => markScrollRegions(table));
    observer.observe(root);
    return () => observer.disconnect();
  }, [table]);
}

/**
 * antd's Table with the app's column pattern (readableColumns) and its own horizontal scroll: a fixed layout
 * at least as wide as its columns, filling the page when there is room; on a phone no column is fixed to the
 * end of the row; one that scrolls can be scrolled from the keyboard. Every table of the app uses it.
 */
export function DataTable<T extends object>({
  columns = [],
  scroll,
  rowSelection,
  editable,
  ...props
}: TableProps<T> & {
  /** A table of inputs (a form's lines): text columns keep the minimum width but wrap instead of an ellipsis. */
  editable?: boolean;
}) {
  // Below md (768 px) is a phone: see `placed`. Before the first measure the screen counts as wide.
  const narrow = Grid.useBreakpoint().md === false;
  const readable = readableColumns(columns, { editable, narrow });
  const own = columnsWidth(readable, rowSelection ? 48 : 0) + (props.expandable ? 48 : 0);
  // A caller's wider x is kept; a narrower one would crush the text columns again.
  const x = typeof scroll?.x === 'number' ? Math.max(own, scroll.x) : own;
  const table = useRef<TableRef>(null);
  useKeyboardScroll(table);
  return (
    <Table<T>
      ref={table}
      tableLayout="fixed"
      rowSelection={rowSelection}
      {...props}
      columns={readable}
      scroll={{ ...scroll, x }}
    />
  );
}
