import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import type { InquiryListItem } from '@junkan/shared/api/inquiries';
import {
  COMPANY_TYPES,
  INQUIRY_IMPORTANCES,
  INQUIRY_STATUSES,
  type InquiryImportance,
  type InquiryStatus,
} from '@junkan/shared/enums';
import { formatInquiryId, INQUIRY_MAX_LENGTH, type InquirySide } from '@junkan/shared/inquiry-rules';
import { Button, Card, Empty, Form, Result, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useFormModalTarget } from '../../../components/form-modal';
import { SearchBox } from '../../../components/master-list';
import { PageTitleBar } from '../../../components/page-title-bar';
import { formatDateTime } from '../../../lib/format';
import { useListPage } from '../../../lib/list-page';
import { useInquiryList } from '../api/inquiry-list';
import {
  DEFAULT_INQUIRY_FILTERS,
  INQUIRY_PAGE_SIZES,
  type InquiryFilters,
  inquiryFiltersToParams,
  inquiryListQuery,
  parseInquiryFilters,
} from '../inquiry-filters';
import { InquiryCreateModal } from './inquiry-create-modal';
import { InquiryDetailDrawer } from './inquiry-detail-drawer';
import { InquiryImportanceTag, InquiryStatusTag } from './inquiry-tags';

const ALL = 'ALL';

const sortOrder = (f: InquiryFilters, key: InquiryFilters['sort']) =>
  f.sort === key ? (f.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

/**
 * The inquiry list of one side (/inquiry for a discharger or a transporter, /inquiry-admin for support): paged
 * by the server, filtered in the address (status, importance, words; support also by the companies' side), the
 * detail opened in a drawer whose inquiry is in the address too (?open=12, as the mails link it).
 */
export function InquiryList({ side }: { side: InquirySide }) {
  const { t } = useTranslation();
  const { filters, update } = useListPage<InquiryFilters>({
    parse: parseInquiryFilters,
    toParams: inquiryFiltersToParams,
  });
  const list = useInquiryList(side, inquiryListQuery(filters, side));
  // Mounted afresh for each opening, but kept while it closes, so focus goes back to the button that opened it.
  const creating = useFormModalTarget<null>();
  // Any filter change starts again at the first page.
  const filter = (change: Partial<InquiryFilters>) => update({ ...change, page: 1 });
  const isFiltered =
    filters.status !== null ||
    filters.importance !== null ||
    filters.query !== '' ||
    filters.companyType !== null;
  const isSupport = side === 'ADMIN';

  return (
    <>
      <PageTitleBar title={t(isSupport ? 'menu.inquiryAdmin' : 'menu.inquiry')}>
        {!isSupport && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => creating.show(null)}
            data-testid="inquiry-new"
          >
            {t('inquiries.new')}
          </Button>
        )}
      </PageTitleBar>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }} component="div">
          <Form.Item label={t('inquiries.field.status')} htmlFor="inquiries-status">
            <Select<string>
              id="inquiries-status"
              value={filters.status ?? ALL}
              onChange={(v) => filter({ status: v === ALL ? null : (v as InquiryStatus) })}
              style={{ width: 140 }}
              data-testid="inquiries-status"
              options={[
                { value: ALL, label: t('inquiries.all') },
                ...INQUIRY_STATUSES.map((s) => ({ value: s, label: t(`inquiryStatus.${s}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('inquiries.field.importance')} htmlFor="inquiries-importance">
            <Select<string>
              id="inquiries-importance"
              value={filters.importance ?? ALL}
              onChange={(v) => filter({ importance: v === ALL ? null : (v as InquiryImportance) })}
              style={{ width: 140 }}
              options={[
                { value: ALL, label: t('inquiries.all') },
                ...INQUIRY_IMPORTANCES.map((i) => ({ value: i, label: t(`inquiryImportance.${i}`) })),
              ]}
            />
          </Form.Item>
          {isSupport && (
            <Form.Item label={t('inquiries.field.companyType')} htmlFor="inquiries-company-type">
              <Select<string>
                id="inquiries-company-type"
                value={filters.companyType ?? ALL}
                onChange={(v) =>
                  filter({ companyType: v === ALL ? null : (v as InquiryFilters['companyType']) })
                }
                style={{ width: 200 }}
                options={[
                  { value: ALL, label: t('inquiries.all') },
                  ...COMPANY_TYPES.map((c) => ({ value: c, label: t(`role.${c}`) })),
                ]}
              />
            </Form.Item>
          )}
          <Form.Item>
            <SearchBox
              key={filters.query}
              label={t(isSupport ? 'inquiries.searchAdmin' : 'inquiries.search')}
              maxLength={INQUIRY_MAX_LENGTH.query}
              defaultValue={filters.query}
              onSearch={(words) => filter({ query: words })}
              testId="inquiries-search"
            />
          </Form.Item>
          {isFiltered && (
            <Form.Item>
              <Button onClick={() => update({ ...DEFAULT_INQUIRY_FILTERS, open: filters.open })}>
                {t('inquiries.clearFilters')}
              </Button>
            </Form.Item>
          )}
        </Form>
        {list.isError ? (
          <Result
            status="warning"
            title={t('inquiries.loadFailed')}
            extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          />
        ) : !isFiltered && list.data?.total === 0 && filters.page === 1 ? (
          <Empty
            description={t(isSupport ? 'inquiries.emptySupport' : 'inquiries.empty')}
            data-testid="inquiries-empty"
          >
            {!isSupport && (
              <Button type="primary" onClick={() => creating.show(null)}>
                {t('inquiries.new')}
              </Button>
            )}
          </Empty>
        ) : (
          <DataTable<InquiryListItem>
            rowKey="id"
            size="small"
            loading={list.isLoading || list.isPlaceholderData}
            dataSource={list.data?.items ?? []}
            locale={{ emptyText: <Empty description={t('inquiries.noMatch')} /> }}
            scroll={{ x: isSupport ? 1100 : 900 }}
            data-testid="inquiry-list"
            onChange={(pagination, _filters, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const sort = s?.order ? (s.columnKey as InquiryFilters['sort']) : DEFAULT_INQUIRY_FILTERS.sort;
              const order = s?.order
                ? s.order === 'ascend'
                  ? 'asc'
                  : 'desc'
                : DEFAULT_INQUIRY_FILTERS.order;
              const size = pagination.pageSize ?? filters.size;
              update({
                page:
                  size !== filters.size || sort !== filters.sort || order !== filters.order
                    ? 1
                    : (pagination.current ?? 1),
                size,
                sort,
                order,
              });
            }}
            pagination={{
              current: filters.page,
              pageSize: filters.size,
              total: list.data?.total ?? 0,
              pageSizeOptions: INQUIRY_PAGE_SIZES.map(String),
              showSizeChanger: true,
              showTotal: (count) => t('inquiries.total', { count }),
            }}
            columns={[
              {
                key: 'id',
                title: t('inquiries.field.id'),
                width: 90,
                fixed: 'start',
                sorter: true,
                sortOrder: sortOrder(filters, 'id'),
                render: (_, r) => (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => update({ open: r.id })}
                    data-testid="inquiry-open"
                  >
                    {formatInquiryId(r.id)}
                  </Button>
                ),
              },
              {
                key: 'importance',
                title: t('inquiries.field.importance'),
                width: 110,
                sorter: true,
                sortOrder: sortOrder(filters, 'importance'),
                render: (_, r) => <InquiryImportanceTag importance={r.importance} />,
              },
              {
                key: 'status',
                title: t('inquiries.field.status'),
                width: 110,
                render: (_, r) => <InquiryStatusTag status={r.status} />,
              },
              ...(isSupport
                ? [
                    {
                      key: 'company',
                      title: t('inquiries.field.company'),
                      width: 220,
                      ellipsis: true,
                      render: (_: unknown, r: InquiryListItem) => (
                        <>
                          <Tag>{t(`role.${r.companyType}`)}</Tag>
                          {r.companyName}
                        </>
                      ),
                    },
                  ]
                : []),
              {
                key: 'subject',
                title: t('inquiries.field.subject'),
                ellipsis: true,
                render: (_, r) => (
                  <>
                    {r.subject}
                    {r.fileCount > 0 && (
                      <PaperClipOutlined style={{ marginLeft: 6 }} aria-label={t('inquiries.field.files')} />
                    )}
                  </>
                ),
              },
              {
                key: 'lastSide',
                title: t('inquiries.field.lastSide'),
                width: 140,
                render: (_, r) => (r.lastSide === 'ADMIN' ? t('inquiries.side.support') : r.companyName),
                ellipsis: true,
              },
              {
                key: 'lastMessageAt',
                title: t('inquiries.field.lastMessageAt'),
                width: 150,
                sorter: true,
                sortOrder: sortOrder(filters, 'lastMessageAt'),
                render: (_, r) => formatDateTime(r.lastMessageAt),
              },
              {
                key: 'createdAt',
                title: t('inquiries.field.createdDate'),
                width: 150,
                sorter: true,
                sortOrder: sortOrder(filters, 'createdAt'),
                render: (_, r) => formatDateTime(r.createdDate),
              },
            ]}
          />
        )}
      </Card>
      {!isSupport && (
        <InquiryCreateModal
          key={creating.key}
          side={side}
          open={creating.open}
          onClose={creating.close}
          onCreated={(created) => {
            creating.close();
            update({ ...DEFAULT_INQUIRY_FILTERS, open: created.id });
          }}
        />
      )}
      <InquiryDetailDrawer side={side} id={filters.open} onClose={() => update({ open: null })} />
    </>
  );
}
