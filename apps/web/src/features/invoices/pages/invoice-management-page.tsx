import { PlusOutlined } from '@ant-design/icons';
import {
  formatInvoiceNumber,
  INVOICE_STATUSES,
  type InvoiceListItem,
  type InvoiceStatus,
  parseInvoiceNumber,
} from '@junkan/shared';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { formatPlainDate, formatYen } from '../../../lib/format';
import { useListPage } from '../../../lib/list-page';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/permissions';
import { useInvoiceFilterOptions } from '../api/invoice-filter-options';
import { useInvoiceList } from '../api/invoice-list';
import { InvoiceStatusTag } from '../components/invoice-status-tag';
import {
  DEFAULT_INVOICE_FILTERS,
  INVOICE_PAGE_SIZES,
  type InvoiceFilters,
  invoiceFiltersToParams,
  invoiceListQuery,
  parseInvoiceFilters,
} from '../invoice-filters';

const ALL = 'ALL';

/**
 * /invoice-management: the current invoices of the caller's side, paged by the server, filtered in the address
 * (status, billing dates, amounts, counterparty, project, overdue only: the search the electronic bookkeeping
 * rule asks for). A transporter's counterparty follows the header's company selector.
 */
export default function InvoiceManagementPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const { isTransport, companyFilter, filters, update } = useListPage<InvoiceFilters>({
    parse: parseInvoiceFilters,
    toParams: invoiceFiltersToParams,
  });
  const list = useInvoiceList(isTransport, invoiceListQuery(filters, companyFilter));
  const options = useInvoiceFilterOptions(isTransport);
  // Any filter change starts again at the first page.
  const filter = (change: Partial<InvoiceFilters>) => update({ ...change, page: 1 });
  const [invalidNumber, setInvalidNumber] = useState(false);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4}>{t('invoices.listTitle')}</Typography.Title>
        {isTransport && has('INVOICE_REGISTER') && (
          <Link to={paths.invoiceRegister.to()}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="invoice-register-open">
              {t('invoices.register')}
            </Button>
          </Link>
        )}
      </Flex>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }} component="div">
          <Form.Item
            label={t('invoices.filter.number')}
            htmlFor="invoices-number"
            validateStatus={invalidNumber ? 'error' : undefined}
            help={invalidNumber ? t('invalid_format') : undefined}
          >
            <Input.Search
              id="invoices-number"
              key={filters.invoiceNumber ?? ''}
              defaultValue={filters.invoiceNumber ?? ''}
              allowClear
              inputMode="numeric"
              style={{ width: 160 }}
              aria-invalid={invalidNumber}
              onSearch={(typed) => {
                const valid = typed.trim() === '' || parseInvoiceNumber(typed) !== null;
                setInvalidNumber(!valid);
                if (valid) filter({ invoiceNumber: typed.trim() || null });
              }}
              data-testid="invoices-number"
            />
          </Form.Item>
          <Form.Item label={t('invoices.filter.status')} htmlFor="invoices-status">
            <Select<string>
              id="invoices-status"
              value={filters.status ?? ALL}
              onChange={(v) => filter({ status: v === ALL ? null : (v as InvoiceStatus) })}
              style={{ width: 140 }}
              options={[
                { value: ALL, label: t('invoices.statusAll') },
                ...INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.status.${s}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('invoices.filter.billingDate')} htmlFor="invoices-billing">
            <DatePicker.RangePicker
              id={{ start: 'invoices-billing' }}
              style={{ maxWidth: 260 }}
              format="YYYY/MM/DD"
              allowEmpty={[true, true]}
              value={[
                filters.billingFrom ? dayjs(filters.billingFrom) : null,
                filters.billingTo ? dayjs(filters.billingTo) : null,
              ]}
              onChange={(range) =>
                filter({
                  billingFrom: range?.[0]?.format('YYYY-MM-DD') ?? null,
                  billingTo: range?.[1]?.format('YYYY-MM-DD') ?? null,
                })
              }
            />
          </Form.Item>
          <Form.Item label={t('invoices.filter.amountMin')} htmlFor="invoices-amount-min">
            <InputNumber<number>
              id="invoices-amount-min"
              min={0}
              precision={0}
              suffix={t('common.yenSuffix')}
              style={{ width: 150 }}
              value={filters.amountMin}
              onChange={(v) => filter({ amountMin: v ?? null })}
            />
          </Form.Item>
          <Form.Item label={t('invoices.filter.amountMax')} htmlFor="invoices-amount-max">
            <InputNumber<number>
              id="invoices-amount-max"
              min={0}
              precision={0}
              suffix={t('common.yenSuffix')}
              style={{ width: 150 }}
              value={filters.amountMax}
              onChange={(v) => filter({ amountMax: v ?? null })}
            />
          </Form.Item>
          {!isTransport && (
            <Form.Item label={t('invoices.filter.counterparty')} htmlFor="invoices-counterparty">
              <Select<number | string>
                id="invoices-counterparty"
                value={filters.companyId ?? ALL}
                onChange={(v) => filter({ companyId: v === ALL ? null : Number(v) })}
                style={{ width: 200 }}
                options={[
                  { value: ALL, label: t('invoices.filter.counterpartyAll') },
                  ...(options.data?.counterparties ?? []).map((c) => ({ value: c.id, label: c.name })),
                ]}
              />
            </Form.Item>
          )}
          <Form.Item label={t('invoices.filter.project')} htmlFor="invoices-project">
            <Select<number | string>
              id="invoices-project"
              value={filters.projectId ?? ALL}
              onChange={(v) => filter({ projectId: v === ALL ? null : Number(v) })}
              style={{ width: 220 }}
              showSearch
              optionFilterProp="label"
              options={[
                { value: ALL, label: t('invoices.filter.projectAll') },
                ...(options.data?.projects ?? []).map((p) => ({ value: p.id, label: p.title })),
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Checkbox
              checked={filters.overdue}
              onChange={(e) => filter({ overdue: e.target.checked })}
              data-testid="invoices-overdue-only"
            >
              {t('invoices.filter.overdueOnly')}
            </Checkbox>
          </Form.Item>
          <Form.Item>
            <Button onClick={() => update(DEFAULT_INVOICE_FILTERS)}>{t('invoices.filter.clear')}</Button>
          </Form.Item>
        </Form>
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
            scroll={{ x: 1100 }}
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
                width: 110,
                fixed: 'start',
                render: (_, r) => (
                  <Link to={paths.invoiceDetail.to(r.id)} data-testid="invoice-link">
                    {formatInvoiceNumber(r.invoiceNumber, r.version)}
                  </Link>
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
