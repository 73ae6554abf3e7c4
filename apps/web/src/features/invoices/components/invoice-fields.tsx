import type { InvoiceDetail } from '@junkan/shared/api/invoices';
import { formatInvoiceNumber } from '@junkan/shared/invoice-rules';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { keptUntilItem } from '../../../components/kept-until';
import { formatPlainDate, formatYen } from '../../../lib/format';
import { InvoiceStatusTag } from './invoice-status-tag';

/** An invoice version's fields, for either party: number, status, parties, dates, amount and where it came from. */
export function InvoiceFields({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        bordered
        data-testid="invoice-fields"
        items={[
          {
            key: 'number',
            label: t('invoices.field.number'),
            children: (
              <span data-testid="invoice-number">
                {formatInvoiceNumber(invoice.invoiceNumber, invoice.version)}
              </span>
            ),
          },
          {
            key: 'status',
            label: t('invoices.field.status'),
            children: <InvoiceStatusTag status={invoice.status} overdue={invoice.overdue} />,
          },
          { key: 'project', label: t('invoices.field.project'), children: invoice.projectTitle },
          {
            key: 'transporter',
            label: t('invoices.field.transporter'),
            children: invoice.transporter.name,
          },
          { key: 'discharger', label: t('invoices.field.discharger'), children: invoice.discharger.name },
          {
            key: 'paymentMethod',
            label: t('invoices.field.paymentMethod'),
            children: t(`invoices.paymentMethod.${invoice.paymentMethod}`),
          },
          {
            key: 'billedMonth',
            label: t('invoices.field.billedMonth'),
            children: <span data-testid="invoice-billed-month">{formatPlainDate(invoice.billedMonth)}</span>,
          },
          {
            key: 'billingDate',
            label: t('invoices.field.billingDate'),
            children: formatPlainDate(invoice.billingDate),
          },
          {
            key: 'amount',
            label: t('invoices.field.amount'),
            children: <span data-testid="invoice-amount">{formatYen(invoice.amount)}</span>,
          },
          {
            key: 'dueDate',
            label: t('invoices.field.dueDate'),
            children: invoice.overdue ? (
              <Typography.Text type="danger" strong>
                {formatPlainDate(invoice.dueDate)}
              </Typography.Text>
            ) : (
              formatPlainDate(invoice.dueDate)
            ),
          },
          {
            key: 'settlementDate',
            label: t('invoices.field.settlementDate'),
            children: (
              <span data-testid="invoice-settlement-date">
                {formatPlainDate(invoice.settlementDate) || '—'}
              </span>
            ),
          },
          { key: 'version', label: t('invoices.field.version'), children: invoice.version },
          {
            key: 'source',
            label: t('invoices.field.source'),
            children: t(`invoices.source.${invoice.source}`),
          },
          keptUntilItem(t, invoice.keptUntil),
        ]}
      />
    </Card>
  );
}
