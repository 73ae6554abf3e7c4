import { PlusOutlined } from '@ant-design/icons';
import type { ManifestSummary } from '@junkan/shared/api/manifests';
import { MANIFEST_STATUSES, type ManifestStatus } from '@junkan/shared/enums';
import { paths } from '@junkan/shared/paths';
import { Alert, Button, Card, DatePicker, Form, Result, Select, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddressSearch } from '../../../components/address-search';
import { DataTable } from '../../../components/data-table';
import { dayPickerProps } from '../../../components/form/date-field';
import { PageTitleBar } from '../../../components/page-title-bar';
import { messageText } from '../../../lib/i18n';
import { useListPage } from '../../../lib/list-page';
import { useManifestList } from '../api/manifest-list';
import { useRegistrationOptions } from '../api/registration-options';
import { ReportDeadline } from '../components/deadline-tag';
import { ManifestStatusTag } from '../components/manifest-status-tag';
import { RegistrationModal } from '../components/registration-modal';
import {
  formatManifestDate,
  MANIFEST_NUMBER_LENGTH,
  type ManifestFilters,
  manifestFiltersToParams,
  manifestListQuery,
  parseManifestFilters,
  parseManifestStatus,
} from '../manifest-filters';
import { manifestStatusLabelKey } from '../manifest-labels';

const STATUS_ALL = 'ALL';

/**
 * /manifest-management: the company's electronic manifests as the network reports them, filtered in the
 * address (number, status, delivery dates); a transporter's list follows the header's company selector. A
 * discharger registers manifests here.
 */
export default function ManifestManagementPage() {
  const { t } = useTranslation();
  const { isTransport, isDischarger, companyFilter, filters, update } = useListPage<ManifestFilters>({
    parse: parseManifestFilters,
    toParams: manifestFiltersToParams,
  });
  const list = useManifestList(isTransport, manifestListQuery(filters, companyFilter));
  const options = useRegistrationOptions(isDischarger);
  const [registerOpen, setRegisterOpen] = useState(false);
  const rows = list.data?.rows ?? [];
  const noSubscriber = options.data?.subscriberNumber === null;

  return (
    <>
      <PageTitleBar title={t('manifests.listTitle')}>
        {isDischarger && (
          <Tooltip
            title={
              noSubscriber
                ? messageText(t, 'edi_not_ready')
                : options.isError
                  ? t('manifests.register.optionsFailed')
                  : undefined
            }
          >
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={noSubscriber || (!options.data && !options.isError)}
              loading={options.isFetching && !options.data}
              // After a failed load the button asks again rather than staying dead.
              onClick={() => (options.data ? setRegisterOpen(true) : void options.refetch())}
              data-testid="manifest-register"
            >
              {t('manifests.register.open')}
            </Button>
          </Tooltip>
        )}
      </PageTitleBar>
      {isDischarger && noSubscriber && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={messageText(t, 'edi_not_ready')}
          description={
            <>
              {t('manifests.register.noSubscriberHint')}{' '}
              <Link to={paths.account.to()}>{t('manifests.accountLink')}</Link>
            </>
          }
          data-testid="manifest-no-subscriber"
        />
      )}
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }} component="div">
          <Form.Item label={t('manifests.filter.manifestNumber')} htmlFor="manifests-number">
            <AddressSearch
              id="manifests-number"
              value={filters.manifestNumber}
              maxLength={MANIFEST_NUMBER_LENGTH}
              inputMode="numeric"
              onSearch={(manifestNumber) => update({ manifestNumber })}
              width={260}
            />
          </Form.Item>
          <Form.Item label={t('manifests.filter.status')} htmlFor="manifests-status">
            <Select<string>
              id="manifests-status"
              value={filters.status ?? STATUS_ALL}
              onChange={(value) => update({ status: parseManifestStatus(value) })}
              style={{ width: 170 }}
              options={[
                { value: STATUS_ALL, label: t('manifests.filter.statusAll') },
                ...MANIFEST_STATUSES.map((s: ManifestStatus) => ({
                  value: s,
                  label: t(manifestStatusLabelKey(s)),
                })),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('manifests.filter.deliveryDate')} htmlFor="manifests-delivery">
            <DatePicker.RangePicker
              id={{ start: 'manifests-delivery' }}
              {...dayPickerProps}
              style={{ width: 'auto' }}
              allowEmpty={[true, true]}
              value={[
                filters.deliveryFrom ? dayjs(filters.deliveryFrom) : null,
                filters.deliveryTo ? dayjs(filters.deliveryTo) : null,
              ]}
              onChange={(range) =>
                update({
                  deliveryFrom: range?.[0]?.format('YYYY-MM-DD') ?? null,
                  deliveryTo: range?.[1]?.format('YYYY-MM-DD') ?? null,
                })
              }
            />
          </Form.Item>
        </Form>
        {list.isError ? (
          <Result
            status="warning"
            title={t('manifests.loadFailed')}
            extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          />
        ) : (
          <DataTable<ManifestSummary>
            rowKey="manifestNumber"
            size="small"
            loading={list.isLoading || list.isPlaceholderData}
            dataSource={rows}
            locale={{ emptyText: t('manifests.empty') }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 1500 }}
            data-testid="manifest-list"
            columns={[
              {
                key: 'manifestNumber',
                title: t('manifests.column.manifestNumber'),
                width: 130,
                fixed: 'start',
                render: (_, r) => (
                  <Link to={paths.manifestDetail.to(r.manifestNumber)}>{r.manifestNumber}</Link>
                ),
              },
              {
                key: 'deliveryDate',
                title: t('manifests.column.deliveryDate'),
                width: 105,
                render: (_, r) => formatManifestDate(r.deliveryDate),
              },
              {
                key: 'status',
                title: t('manifests.column.status'),
                width: 180,
                render: (_, r) => (
                  <ManifestStatusTag status={r.status} runningFunctions={r.runningFunctions} />
                ),
              },
              {
                key: 'reportDeadline',
                title: t('manifests.column.reportDeadline'),
                width: 175,
                render: (_, r) =>
                  r.transportReportId !== null ? (
                    <Typography.Text type="secondary">{t('manifests.reported')}</Typography.Text>
                  ) : (
                    <ReportDeadline deadline={r.reportDeadline} state={r.reportDeadlineState} />
                  ),
              },
              {
                key: 'project',
                title: t('manifests.column.project'),
                dataIndex: 'projectTitle',
                ellipsis: true,
                width: 180,
              },
              {
                key: 'party',
                title: isTransport ? t('manifests.column.discharger') : t('manifests.column.transporter'),
                ellipsis: true,
                width: 160,
                render: (_, r) => (isTransport ? r.dischargerName : (r.transporterName ?? '—')),
              },
              {
                key: 'waste',
                title: t('manifests.column.waste'),
                dataIndex: 'wasteName',
                ellipsis: true,
                width: 150,
              },
              {
                key: 'transportEnd',
                title: t('manifests.column.transportEnd'),
                width: 105,
                render: (_, r) => formatManifestDate(r.transportEndDate),
              },
              {
                key: 'disposalEnd',
                title: t('manifests.column.disposalEnd'),
                width: 105,
                render: (_, r) => formatManifestDate(r.disposalEndDate),
              },
              {
                key: 'finalDisposalEnd',
                title: t('manifests.column.finalDisposalEnd'),
                width: 120,
                render: (_, r) => formatManifestDate(r.finalDisposalEndDate),
              },
              {
                key: 'dischargeFacility',
                title: t('manifests.column.dischargeFacility'),
                dataIndex: 'dischargeSiteName',
                ellipsis: true,
                width: 150,
              },
            ]}
          />
        )}
      </Card>
      {isDischarger && options.data && (
        <RegistrationModal
          open={registerOpen}
          onClose={() => setRegisterOpen(false)}
          options={options.data}
        />
      )}
    </>
  );
}
