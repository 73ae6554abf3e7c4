import { PlusOutlined } from '@ant-design/icons';
import type { InvoiceListItem } from '@junkan/shared/api/invoices';
import { formatInvoiceNumber } from '@junkan/shared/invoice-rules';
import { paths } from '@junkan/shared/paths';
import { Button, Card, Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { LinkButton } from '../../../components/link-button';
import { PageTitleBar } from '../../../components/page-title-bar';
import { formatPlainDate, formatYen } from '../../../lib/format';
import { useListPage } from '../../../lib/list-page';
import { usePermissions } from '../../../lib/permissions';
import { useInvoiceList } from '../api/invoice-list';
import { InvoiceListFilters } from '../components/invoice-list-filters';
import { InvoiceStatusTag } from '../components/invoice-status-tag';
import {
  DEFAULT_INVOICE_FILTERS,
  INVOICE_PAGE_SIZES,
  type InvoiceFilters,
  invoiceFiltersToParams,
  invoiceListQuery,
  parseInvoiceFilters,
} from '../invoice-filters';

/**
 * /invoice-management: the invoices of the caller's side by 請求書番号, paged by the server, filtered in the
 * address (`InvoiceListFilters`: number, status, billing dates, amounts, counterparty, project, overdue only). The search the electronic bookkeeping rule asks
 * for finds every kept version: a search by billing dates or amounts includes corrected versions (marked as the
 * old version of their invoice) unless unticked. A transporter's counterparty follows the header's selector.
 */
export default function InvoiceManagementPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const { isTransport, companyFilter, filters, update } = useListPage<InvoiceFilters>({
    parse: parseInvoiceFilters,
    toParams: invoiceFiltersToParams,
  });
  const list = useInvoiceList(isTransport, invoiceListQuery(filters, companyFilter));

  return (
    <>
      <PageTitleBar title={t('invoices.listTitle')}>
        {isTransport && has('INVOICE_REGISTER') && (
          <LinkButton
            to={paths.invoiceRegister.to()}
            type="primary"
            icon={<PlusOutlined />}
            data-testid="invoice-register-open"
          >
            {t('invoices.register')}
          </LinkButton>
        )}
      </PageTitleBar>
      <Card size="small">
        <InvoiceListFilters isTransport={isTransport} filters={filters} update={update} />
        {list.isError ? (
          <Result
            status="warning"
            title={t('invoices.loadFailed')}
            extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <DataTable<InvoiceListItem>
            rowKey="id"
            size="small"
            loading={list.isLoading || list.isPlaceholderData}
            dataSource={list.data?.items ?? []}
            locale={{ emptyText: t('invoices.empty') }}
            scroll={{ x: 1230 }}
            data-testid="invoice-list"
            onChange={(pagination, _filters, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const key = s?.order ? (s.columnKey as InvoiceFilters['sort']) : DEFAULT_INVOICE_FILTERS.sort;
              const order = s?.order === 'ascend' ? 'asc' : 'desc';
              const size = pagination.pageSize ?? filters.size;
              update({
                page:
                  size !== filters.size || key !== filters.sort || order !== filters.order
                    ? 1
                    : (pagination.current ?? 1),
                size,
                sort: key,
                order,
              });
            }}
            pagination={{
              current: filters.page,
              pageSize: filters.size,
              total: list.data?.total ?? 0,
              pageSizeOptions: INVOICE_PAGE_SIZES.map(String),
              showSizeChanger: true,
              showTotal: (count) => t('invoices.total', { count }),
            }}
            columns={[
              {
                key: 'number',
                title: t('invoices.field.number'),
                width: 130,
                fixed: 'start',
                render: (_, r) => (
                  <>
                    <Link to={paths.invoiceDetail.to(r.id)} data-testid="invoice-link">
                      {formatInvoiceNumber(r.invoiceNumber, r.version)}
                    </Link>
                    {r.supersededBy && (
                      <Tag style={{ whiteSpace: 'normal' }} data-testid="invoice-superseded">
                        {t('invoices.list.superseded', { version: r.version, next: r.supersededBy.version })}
                      </Tag>
                    )}
                  </>
                ),
              },
              {
                key: 'status',
                title: t('invoices.field.status'),
                width: 170,
                render: (_, r) => <InvoiceStatusTag status={r.status} overdue={r.overdue} />,
              },
              {
                key: 'counterpart',
                title: isTransport
                  ? t('invoices.field.counterpartDischarger')
                  : t('invoices.field.counterpartTransporter'),
                ellipsis: true,
                width: 180,
                render: (_, r) => r.counterpart.name,
              },
              {
                key: 'project',
                title: t('invoices.field.project'),
                dataIndex: 'projectTitle',
                ellipsis: true,
                width: 180,
              },
              {
                key: 'billedMonth',
                title: t('invoices.field.billedMonth'),
                width: 100,
                render: (_, r) => formatPlainDate(r.billedMonth),
              },
              {
                key: 'billingDate',
                title: t('invoices.field.billingDate'),
                width: 110,
                sorter: true,
                sortOrder:
                  filters.sort === 'billingDate' ? (filters.order === 'asc' ? 'ascend' : 'descend') : null,
                render: (_, r) => formatPlainDate(r.billingDate),
              },
              {
                key: 'amount',
                title: t('invoices.field.amount'),
                width: 130,
                align: 'right',
                sorter: true,
                sortOrder:
                  filters.sort === 'amount' ? (filters.order === 'asc' ? 'ascend' : 'descend') : null,
                render: (_, r) => formatYen(r.amount),
              },
              {
                key: 'dueDate',
                title: t('invoices.field.dueDate'),
                width: 110,
                sorter: true,
                sortOrder:
                  filters.sort === 'dueDate' ? (filters.order === 'asc' ? 'ascend' : 'descend') : null,
                render: (_, r) =>
                  r.overdue ? (
                    <Typography.Text type="danger" strong>
                      {formatPlainDate(r.dueDate)}
                    </Typography.Text>
                  ) : (
                    formatPlainDate(r.dueDate)
                  ),
              },
              {
                key: 'paymentMethod',
                title: t('invoices.field.paymentMethod'),
                width: 130,
                render: (_, r) => t(`invoices.paymentMethod.${r.paymentMethod}`),
              },
              {
                key: 'settlementDate',
                title: t('invoices.field.settlementDate'),
                width: 120,
                render: (_, r) => formatPlainDate(r.settlementDate),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
