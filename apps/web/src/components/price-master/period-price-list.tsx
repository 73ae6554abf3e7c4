import { PlusOutlined } from '@ant-design/icons';
import type { PeriodPriceListQuery, PeriodPriceSort } from '@junkan/shared/api/period-prices';
import { Button, Checkbox, Space, type TableProps } from 'antd';
import { type CSSProperties, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../data-table';
import {
  emptyLocale,
  FilterInput,
  ListToolbar,
  listPagination,
  PAGE_SIZE,
  type SortOrder,
  tableChange,
  useFilterPage,
} from '../master-list';

/**
 * A paged price list's state: the keyword and "only in effect" filters (a new filter starts at page 1), the
 * page and the sort (by waste name at first), and the list call's parameters made from them.
 */
export function usePeriodPriceList() {
  const { filter, setFilter, page, setPage } = useFilterPage({ keyword: '', currentOnly: false });
  const deferredKeyword = useDeferredValue(filter.keyword.trim());
  const [sort, setSort] = useState<{ sort: PeriodPriceSort; order: SortOrder }>({
    sort: 'wasteName',
    order: 'asc',
  });
  const params: PeriodPriceListQuery = {
    page,
    size: PAGE_SIZE,
    keyword: deferredKeyword || undefined,
    currentOnly: filter.currentOnly,
    ...sort,
  };
  return { filter, setFilter, page, setPage, sort, setSort, params };
}

export type PeriodPriceListState = ReturnType<typeof usePeriodPriceList>;

export interface PeriodPriceListProps<Row> {
  /** The price master's i18n prefix: searchPlaceholder, currentOnly, new, total, noMatch, empty. */
  texts: string;
  state: PeriodPriceListState;
  /** The page of prices the list call answered (undefined while the first loads). */
  data: { items: Row[]; total: number } | undefined;
  loading: boolean;
  columns: NonNullable<TableProps<Row>['columns']>;
  onNew: () => void;
  /** The register button is off (e.g. nothing may be registered yet). */
  newDisabled?: boolean;
  searchStyle?: CSSProperties;
  scroll?: TableProps<Row>['scroll'];
}

/**
 * A price master's list: the waste keyword and "only in effect" filters with the register button, then the
 * server-paged, server-sorted table of prices.
 */
export function PeriodPriceList<Row extends { id: number }>({
  texts,
  state,
  data,
  loading,
  columns,
  onNew,
  newDisabled,
  searchStyle,
  scroll,
}: PeriodPriceListProps<Row>) {
  const { t } = useTranslation();
  const { filter, setFilter, page, setPage, sort, setSort } = state;
  return (
    <>
      <ListToolbar>
        <Space wrap>
          <FilterInput
            label={t(`${texts}.searchPlaceholder`)}
            maxLength={64}
            value={filter.keyword}
            onChange={(value) => setFilter({ ...filter, keyword: value })}
            style={searchStyle}
          />
          <Checkbox
            checked={filter.currentOnly}
            onChange={(e) => setFilter({ ...filter, currentOnly: e.target.checked })}
          >
            {t(`${texts}.currentOnly`)}
          </Checkbox>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} disabled={newDisabled} onClick={onNew}>
          {t(`${texts}.new`)}
        </Button>
      </ListToolbar>
      <DataTable<Row>
        rowKey="id"
        size="middle"
        scroll={scroll}
        loading={loading}
        dataSource={data?.items ?? []}
        onChange={(pagination, _filters, sorter) => {
          const next = tableChange(pagination, sorter, sort, 'wasteName');
          setSort({ sort: next.sort, order: next.order });
          setPage(next.page);
        }}
        pagination={listPagination({
          page,
          total: data?.total ?? 0,
          totalText: (count) => t(`${texts}.total`, { count }),
        })}
        locale={emptyLocale(t(filter.keyword || filter.currentOnly ? `${texts}.noMatch` : `${texts}.empty`))}
        columns={columns}
      />
    </>
  );
}
