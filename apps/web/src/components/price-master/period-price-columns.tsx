import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { PeriodPriceSort } from '@junkan/shared/api/period-prices';
import type { DatePeriod } from '@junkan/shared/rules/price-period';
import { Button, Flex, Space, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { columnSortOrder, type SortOrder } from '../master-list';
import { PeriodStatusTag } from './period-status-tag';
import { periodText } from './period-text';

/** A row of a price master's list: a waste's price for a period. */
export interface PeriodPriceRow extends DatePeriod {
  id: number;
  wasteName: string;
  wasteCode: string;
  unitPrice: number;
  validTo: string | null;
}

export interface PeriodPriceColumnsOptions<Row extends PeriodPriceRow> {
  t: TFunction;
  /** The price master's i18n prefix: column.{waste,unitPrice,period,status,actions}, untilFurtherNotice, edit, delete. */
  texts: string;
  /** The list's sort, shown on the sortable columns (waste, price, period). */
  sort: { sort: PeriodPriceSort; order: SortOrder };
  /** Today in Japan, for the status tag. */
  today: string;
  /** The price cell (with its unit where the master shows it there). */
  renderPrice: (row: Row) => ReactNode;
  /** The master's own columns between the waste and the price (e.g. the unit). */
  middle?: ColumnType<Row>[];
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  /** The edit and delete buttons are named with the row's waste for screen readers. */
  nameActions?: boolean;
  /** Fixed widths of the price, period, status and actions columns (text columns otherwise). */
  widths?: Partial<Record<'unitPrice' | 'period' | 'status' | 'actions', number>>;
}

/**
 * A price master's table columns: the waste (name over its code), the master's own columns, the price, the
 * period (〜 until further notice when open), its status on `today`, and edit and delete.
 */
export function periodPriceColumns<Row extends PeriodPriceRow>({
  t,
  texts,
  sort,
  today,
  renderPrice,
  middle = [],
  onEdit,
  onDelete,
  nameActions = false,
  widths = {},
}: PeriodPriceColumnsOptions<Row>): ColumnType<Row>[] {
  const sortOrderOf = (key: PeriodPriceSort) => columnSortOrder(sort, key);
  return [
    {
      key: 'wasteName',
      title: t(`${texts}.column.waste`),
      sorter: true,
      sortOrder: sortOrderOf('wasteName'),
      render: (_, r) => (
        <Flex vertical>
          <span>{r.wasteName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.wasteCode}
          </Typography.Text>
        </Flex>
      ),
    },
    ...middle,
    {
      key: 'unitPrice',
      title: t(`${texts}.column.unitPrice`),
      align: 'right',
      width: widths.unitPrice,
      sorter: true,
      sortOrder: sortOrderOf('unitPrice'),
      render: (_, r) => renderPrice(r),
    },
    {
      key: 'validFrom',
      title: t(`${texts}.column.period`),
      width: widths.period,
      sorter: true,
      sortOrder: sortOrderOf('validFrom'),
      render: (_, r) => periodText(r, t(`${texts}.untilFurtherNotice`)),
    },
    {
      key: 'status',
      title: t(`${texts}.column.status`),
      width: widths.status,
      render: (_, r) => <PeriodStatusTag period={r} today={today} />,
    },
    {
      key: 'actions',
      title: t(`${texts}.column.actions`),
      width: widths.actions,
      render: (_, r) => (
        <Space wrap={nameActions}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => onEdit(r)}
            aria-label={nameActions ? `${t(`${texts}.edit`)} ${r.wasteName}` : undefined}
          >
            {t(`${texts}.edit`)}
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onDelete(r)}
            aria-label={nameActions ? `${t(`${texts}.delete`)} ${r.wasteName}` : undefined}
          >
            {t(`${texts}.delete`)}
          </Button>
        </Space>
      ),
    },
  ];
}
