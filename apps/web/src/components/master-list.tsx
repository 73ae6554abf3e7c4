import { SearchOutlined } from '@ant-design/icons';
import { Empty, Flex, type FlexProps, Input, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PAGE_SIZE, PAGE_SIZES, type SortOrder } from './list-sizes';

export { PAGE_SIZE, PAGE_SIZES, type SortOrder } from './list-sizes';
/** A list that could not be loaded: say so and offer to load it again. */
export { LoadFailed } from './load-failed';

/** A list's filter and page: a new filter starts again at page 1. */
export function useFilterPage<F>(initial: F) {
  const [filter, setFilterState] = useState(initial);
  const [page, setPage] = useState(1);
  const setFilter = (next: F) => {
    setFilterState(next);
    setPage(1);
  };
  return { filter, setFilter, page, setPage };
}

/** The row above a list: search and filters first, the register button at the far end. */
export function ListToolbar({
  children,
  justify = 'space-between',
}: Pick<FlexProps, 'justify' | 'children'>) {
  return (
    <Flex justify={justify} gap={12} wrap style={{ marginBottom: 16 }}>
      {children}
    </Flex>
  );
}

/** Filters a list held whole in the browser as one types. */
export function FilterInput({
  label,
  value,
  onChange,
  maxLength,
  style = { maxWidth: 320 },
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  style?: CSSProperties;
}) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={label}
      aria-label={label}
      maxLength={maxLength}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      style={style}
    />
  );
}

/** Searches a server-paged list on Enter or the button, with the words trimmed. */
export function SearchBox({
  label,
  maxLength,
  onSearch,
  defaultValue,
  testId,
}: {
  label: string;
  maxLength: number;
  onSearch: (words: string) => void;
  defaultValue?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      defaultValue={defaultValue}
      allowClear
      placeholder={label}
      aria-label={label}
      maxLength={maxLength}
      enterButton={t('forms.search')}
      onSearch={(value) => onSearch(value.trim())}
      style={{ maxWidth: 420 }}
      data-testid={testId}
    />
  );
}

/** The table's text when it has no rows. */
export const emptyLocale = (description: ReactNode) => ({
  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />,
});

/**
 * Paging of a master list. With `sizes` the reader picks 20/50/100 (server-paged lists, whose page
 * changes come through the table's onChange); without, pages of PAGE_SIZE, hidden while one page holds all.
 */
export function listPagination(args: {
  page: number;
  size?: number;
  total?: number;
  totalText: (count: number) => string;
  sizes?: boolean;
  onChange?: (page: number) => void;
}): TablePaginationConfig {
  const { page, size = PAGE_SIZE, total, totalText, sizes = false, onChange } = args;
  const base = { current: page, pageSize: size, total, onChange, showTotal: totalText };
  return sizes
    ? { ...base, showSizeChanger: true, pageSizeOptions: PAGE_SIZES }
    : { ...base, showSizeChanger: false, hideOnSinglePage: true };
}

/** antd's sort order of a column, from the list's sort key and order. */
export const columnSortOrder = <K,>(current: { sort: K; order: SortOrder }, key: K) =>
  current.sort === key ? (current.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

/**
 * A server-sorted table's change as the list query's sort, order, page and size: an unsorted table falls
 * back to `fallback` (ascending unless `fallbackOrder` says otherwise), and a new sort starts again at page 1.
 */
export function tableChange<K, Row>(
  pagination: TablePaginationConfig,
  sorter: SorterResult<Row> | SorterResult<Row>[],
  current: { sort: K; order: SortOrder },
  fallback: K,
  fallbackOrder: SortOrder = 'asc',
): { sort: K; order: SortOrder; page: number; size: number } {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  const sort = (s?.order ? s.columnKey : fallback) as K;
  const order: SortOrder = s?.order ? (s.order === 'descend' ? 'desc' : 'asc') : fallbackOrder;
  const changed = sort !== current.sort || order !== current.order;
  return {
    sort,
    order,
    size: pagination.pageSize ?? PAGE_SIZE,
    page: changed ? 1 : (pagination.current ?? 1),
  };
}
