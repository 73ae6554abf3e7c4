import type { QualifiedInvoiceTotals } from '@junkan/shared/rules/qualified-invoice';
import { Checkbox, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { formatYen } from '../../../lib/format';
import { type BuilderEdits, type BuilderRow, dateRangeText } from './qualified-invoice-builder-values';

/**
 * The invoice's lines: each billed or not, its quantity as typed (an invalid one in error, one that differs from
 * the reports with the reported quantity), its unit price, tax rate and amount; then the subtotal and tax per
 * rate and the total.
 */
export function QualifiedInvoiceLines({
  rows,
  totals,
  edits,
  onQuantity,
  onBilled,
}: {
  rows: BuilderRow[];
  totals: QualifiedInvoiceTotals;
  edits: BuilderEdits;
  onQuantity: (key: string, value: string) => void;
  onBilled: (key: string, billed: boolean) => void;
}) {
  const { t } = useTranslation();
  const columns = [
    {
      title: t('qualifiedInvoice.column.billed'),
      key: 'billed',
      width: 60,
      render: (_: unknown, r: BuilderRow) => (
        <Checkbox
          checked={!r.isExcluded}
          onChange={(e) => onBilled(r.key, e.target.checked)}
          aria-label={r.description}
        />
      ),
    },
    {
      title: t('qualifiedInvoice.column.date'),
      key: 'date',
      render: (_: unknown, r: BuilderRow) => dateRangeText(r.dateFrom, r.dateTo),
    },
    { title: t('qualifiedInvoice.column.description'), dataIndex: 'description', key: 'description' },
    {
      title: t('qualifiedInvoice.column.quantity'),
      key: 'quantity',
      width: 160,
      render: (_: unknown, r: BuilderRow) => (
        <Space direction="vertical" size={0}>
          <Input
            value={edits.quantities[r.key] ?? r.quantity}
            onChange={(e) => onQuantity(r.key, e.target.value)}
            disabled={r.isExcluded}
            status={r.isInvalid ? 'error' : r.differs ? 'warning' : undefined}
            suffix={r.unit}
            inputMode="decimal"
            aria-label={`${r.description} ${t('qualifiedInvoice.column.quantity')}`}
            data-testid={`quantity-${r.key}`}
          />
          {r.isInvalid && <Typography.Text type="danger">{t('invalid_format')}</Typography.Text>}
          {!r.isInvalid && r.differs && (
            <Typography.Text type="warning">
              {t('qualifiedInvoice.reported', { quantity: r.reportedQuantity, unit: r.unit })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('qualifiedInvoice.column.unitPrice'),
      key: 'unitPrice',
      align: 'right' as const,
      render: (_: unknown, r: BuilderRow) => `${formatYen(r.unitPrice)} / ${r.unit}`,
    },
    {
      title: t('qualifiedInvoice.column.taxRate'),
      key: 'taxRate',
      align: 'right' as const,
      render: (_: unknown, r: BuilderRow) => `${r.taxRate}%`,
    },
    {
      title: t('qualifiedInvoice.column.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, r: BuilderRow) => (r.isExcluded ? '—' : formatYen(r.amount)),
    },
  ];

  return (
    <DataTable<BuilderRow>
      editable
      rowKey="key"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={rows}
      // On a phone the table scrolls inside itself; the page keeps the screen's width.
      scroll={{ x: 760 }}
      summary={() => (
        <>
          {totals.rates.map((r) => (
            <Table.Summary.Row key={r.taxRate}>
              <Table.Summary.Cell index={0} colSpan={6} align="right">
                {t('qualifiedInvoice.rateSubtotal', { rate: r.taxRate })}
                {' / '}
                {t('qualifiedInvoice.rateTax', { rate: r.taxRate })}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {formatYen(r.subtotal)} / {formatYen(r.tax)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ))}
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={6} align="right">
              <strong>{t('qualifiedInvoice.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong data-testid="invoice-total">{formatYen(totals.total)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        </>
      )}
    />
  );
}
