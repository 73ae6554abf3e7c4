import { EditOutlined } from '@ant-design/icons';
import {
  TRANSPORT_OPERATOR_MAX_LENGTH,
  type TransportOperator,
  type TransportOperatorListQuery,
} from '@junkan/shared/api/transport-operators';
import { Button, Card, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import {
  emptyLocale,
  ListToolbar,
  LoadFailed,
  listPagination,
  PAGE_SIZE,
  SearchBox,
} from '../../../components/master-list';
import { currentPunctuation } from '../../../lib/i18n';
import { useTransportOperators } from '../api/transport-operators';
import { PermitExpiryFlags } from '../components/operator-permits';
import { TransportOperatorFormModal } from '../components/transport-operator-form-modal';

/** Areas shown as tags before the rest folds into "+n". */
const AREA_TAGS = 4;

/** Transport and disposal operator master: transport companies with their profile, edited in a modal. */
export default function TransportOperatorMasterPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<TransportOperatorListQuery>({ query: '', page: 1, size: PAGE_SIZE });
  const list = useTransportOperators(query);
  const [editing, setEditing] = useState<TransportOperator | null>(null);

  if (list.isError && !list.data) {
    return <LoadFailed title={t('transportOperatorMaster.loadFailed')} onRetry={() => void list.refetch()} />;
  }

  return (
    <Card title={t('menu.transportOperatorMaster')} data-testid="transport-operator-master">
      <ListToolbar>
        <SearchBox
          label={t('transportOperatorMaster.searchPlaceholder')}
          maxLength={TRANSPORT_OPERATOR_MAX_LENGTH.query}
          onSearch={(words) => setQuery((q) => ({ ...q, query: words, page: 1 }))}
        />
      </ListToolbar>
      <DataTable<TransportOperator>
        rowKey="companyId"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 960 }}
        onChange={(pagination) =>
          setQuery((q) => ({ ...q, page: pagination.current ?? 1, size: pagination.pageSize ?? PAGE_SIZE }))
        }
        pagination={listPagination({
          page: query.page,
          size: query.size,
          total: list.data?.total ?? 0,
          sizes: true,
          totalText: (count) => t('transportOperatorMaster.total', { count }),
        })}
        locale={emptyLocale(
          t(query.query ? 'transportOperatorMaster.noMatch' : 'transportOperatorMaster.empty'),
        )}
        columns={[
          { key: 'id', title: t('transportOperatorMaster.column.id'), dataIndex: 'companyId', width: 80 },
          {
            key: 'companyName',
            title: t('transportOperatorMaster.column.companyName'),
            dataIndex: 'companyName',
            ellipsis: true,
          },
          {
            key: 'contractManager',
            title: t('transportOperatorMaster.column.contractManager'),
            width: 150,
            render: (_, o) => o.contractManager || '—',
          },
          {
            key: 'compatibleAreas',
            title: t('transportOperatorMaster.column.compatibleAreas'),
            render: (_, o) =>
              o.compatibleAreas.length === 0 ? (
                '—'
              ) : (
                <Space size={[4, 4]} wrap>
                  {o.compatibleAreas.slice(0, AREA_TAGS).map((a) => (
                    <Tag key={a}>{a}</Tag>
                  ))}
                  {o.compatibleAreas.length > AREA_TAGS && (
                    <Tooltip title={o.compatibleAreas.slice(AREA_TAGS).join(currentPunctuation().list)}>
                      <Tag>+{o.compatibleAreas.length - AREA_TAGS}</Tag>
                    </Tooltip>
                  )}
                </Space>
              ),
          },
          {
            key: 'destination',
            title: t('transportOperatorMaster.column.destination'),
            width: 220,
            ellipsis: true,
            render: (_, o) => (o.destination ? `${o.destination.code} ${o.destination.name}` : '—'),
          },
          {
            key: 'permitExpiry',
            title: t('permits.operator.column'),
            width: 200,
            render: (_, o) => <PermitExpiryFlags counts={o.permitExpiry} />,
          },
          {
            key: 'actions',
            title: t('transportOperatorMaster.actions'),
            width: 100,
            fixed: 'right',
            render: (_, o) => (
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(o)}>
                {t('transportOperatorMaster.edit')}
              </Button>
            ),
          },
        ]}
      />
      <TransportOperatorFormModal operator={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
