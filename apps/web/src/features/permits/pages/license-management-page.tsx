import { DownloadOutlined, EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { PERMIT_MAX_LENGTH, type Permit, type PermitListQuery } from '@junkan/shared/api/permits';
import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import { App, Button, type ButtonProps, Card, Empty, Space, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useFormModalTarget } from '../../../components/form-modal';
import { KeptUntilLine } from '../../../components/kept-until';
import {
  columnSortOrder,
  ListToolbar,
  LoadFailed,
  listPagination,
  PAGE_SIZE,
  SearchBox,
  tableChange,
} from '../../../components/master-list';
import { showApiError } from '../../../lib/form-errors';
import { formatEraDate, formatPlainDate } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { downloadPermitFile } from '../api/download-permit-file';
import { usePermits } from '../api/permit-list';
import { useRetirePermit } from '../api/retire-permit';
import { PermitFormModal } from '../components/permit-form-modal';
import { PermitStatusTag } from '../components/permit-status-tag';

/**
 * /license-management: the transporter's permits (status by expiry), register and edit with the PDF, retire
 * after a confirmation, download the PDF. Retired permits are kept and shown on request.
 */
export default function LicenseManagementPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [query, setQuery] = useState<PermitListQuery>({
    query: '',
    page: 1,
    size: PAGE_SIZE,
    sort: 'expiryDate',
    order: 'asc',
  });
  const list = usePermits({ ...query, query: query.query || undefined });
  const retire = useRetirePermit();
  const form = useFormModalTarget<Permit>();
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const district = (p: Permit) => permitDistrictName(p.districtCode, lang);
  const showRetired = query.retired === 'true';
  const showRetiredLabel = useId();

  const confirmRetire = (p: Permit) =>
    modal.confirm({
      title: t('permits.retireTitle'),
      content: t('permits.retireContent', { district: district(p), licenseNumber: p.licenseNumber }),
      okText: t('permits.retire'),
      okButtonProps: { danger: true, 'data-testid': 'permit-retire-ok' } as ButtonProps,
      cancelText: t('forms.cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await retire.mutateAsync(p.id);
          void message.success(t('permits.retired'));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });

  if (list.isError && !list.data)
    return <LoadFailed title={t('permits.loadFailed')} onRetry={() => void list.refetch()} />;

  const nothingYet = !query.query && !showRetired && list.data?.total === 0;

  return (
    <Card title={t('menu.licenseManagement')} data-testid="license-management">
      <ListToolbar>
        <SearchBox
          label={t('permits.searchPlaceholder')}
          maxLength={PERMIT_MAX_LENGTH.query}
          onSearch={(words) => setQuery((q) => ({ ...q, query: words, page: 1 }))}
          testId="permit-search"
        />
        <Space wrap>
          <Space size={6}>
            <Switch
              size="small"
              checked={showRetired}
              onChange={(on) => setQuery((q) => ({ ...q, retired: on ? 'true' : undefined, page: 1 }))}
              aria-labelledby={showRetiredLabel}
              data-testid="permit-show-retired"
            />
            <Typography.Text id={showRetiredLabel}>{t('permits.showRetired')}</Typography.Text>
          </Space>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => form.show(null)}
            data-testid="permit-new"
          >
            {t('permits.new')}
          </Button>
        </Space>
      </ListToolbar>
      {nothingYet ? (
        <Empty description={t('permits.empty')} data-testid="permit-empty">
          <Typography.Paragraph type="secondary">{t('permits.emptyHint')}</Typography.Paragraph>
        </Empty>
      ) : (
        <DataTable<Permit>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 980 }}
          onChange={(pagination, _filters, sorter) =>
            setQuery((q) => ({ ...q, ...tableChange(pagination, sorter, q, 'expiryDate') }))
          }
          pagination={listPagination({
            page: query.page,
            size: query.size,
            total: list.data?.total ?? 0,
            sizes: true,
            totalText: (count) => t('permits.total', { count }),
          })}
          locale={{ emptyText: <Empty description={t('permits.noMatch')} /> }}
          data-testid="permit-table"
          columns={[
            // The permit's name first, held at the start while the row scrolls (a phone shows it whole).
            {
              key: 'licenseNumber',
              title: t('permits.field.licenseNumber'),
              dataIndex: 'licenseNumber',
              width: 140,
              fixed: 'start',
              sorter: true,
              sortOrder: columnSortOrder(query, 'licenseNumber'),
            },
            {
              key: 'districtCode',
              title: t('permits.field.districtCode'),
              width: 130,
              sorter: true,
              sortOrder: columnSortOrder(query, 'districtCode'),
              render: (_, p) => district(p),
            },
            {
              key: 'status',
              title: t('permits.field.status'),
              width: 150,
              render: (_, p) => (
                <Space direction="vertical" size={0}>
                  <PermitStatusTag status={p.status} />
                  {p.status !== 'RETIRED' && p.status !== 'VALID' && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {p.daysLeft >= 0
                        ? t('permits.daysLeft', { count: p.daysLeft })
                        : t('permits.expiredDays', { count: -p.daysLeft })}
                    </Typography.Text>
                  )}
                  {/* A permit no longer in use is still a record: the day it may go (the live ones say so when edited). */}
                  {(p.status === 'RETIRED' || p.status === 'EXPIRED') && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <KeptUntilLine t={t} keptUntil={p.keptUntil} />
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              key: 'kind',
              title: t('permits.field.kind'),
              width: 130,
              render: (_, p) => t(`permits.kind.${p.kind}`),
            },
            {
              key: 'issueDate',
              title: t('permits.field.issueDate'),
              width: 120,
              sorter: true,
              sortOrder: columnSortOrder(query, 'issueDate'),
              render: (_, p) => formatPlainDate(p.issueDate),
            },
            {
              key: 'expiryDate',
              title: t('permits.field.expiryDate'),
              width: lang === 'ja' ? 170 : 120,
              sorter: true,
              sortOrder: columnSortOrder(query, 'expiryDate'),
              render: (_, p) => formatEraDate(p.expiryDate, lang),
            },
            {
              key: 'transshipment',
              title: t('permits.field.transshipment'),
              width: 160,
              ellipsis: true,
              render: (_, p) =>
                p.transshipment
                  ? t('common.withNote', { main: t('permits.yes'), note: p.storageSite })
                  : t('permits.no'),
            },
            {
              key: 'wasteKinds',
              title: t('permits.field.wasteKindIds'),
              ellipsis: true,
              render: (_, p) => p.wasteKinds.map((w) => w.name).join(currentPunctuation().list),
            },
            {
              key: 'actions',
              title: t('permits.actions'),
              width: 230,
              fixed: 'right',
              render: (_, p) => (
                <Space size={4} wrap>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    disabled={!p.file}
                    onClick={() =>
                      void downloadPermitFile(p).catch((error) => showApiError({ error, t, message }))
                    }
                  >
                    {t('permits.download')}
                  </Button>
                  {p.status !== 'RETIRED' && (
                    <>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => form.show(p)}
                        data-testid={`permit-edit-${p.id}`}
                      >
                        {t('permits.edit')}
                      </Button>
                      <Button
                        size="small"
                        danger
                        icon={<StopOutlined />}
                        onClick={() => confirmRetire(p)}
                        data-testid={`permit-retire-${p.id}`}
                      >
                        {t('permits.retire')}
                      </Button>
                    </>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <PermitFormModal key={form.key} open={form.open} editing={form.editing} onClose={form.close} />
    </Card>
  );
}
