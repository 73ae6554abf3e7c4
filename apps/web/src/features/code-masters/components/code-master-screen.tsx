import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { compareSequentialCodes, MAX_LENGTH } from '@junkan/shared';
import { App, Button, Card, Empty, Flex, Input, Result, Space, Table, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { showApiError, toastError } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useCodeMasterList } from '../api/code-master-list';
import { useDeleteCodeMasterRow } from '../api/delete-code-master-row';
import type { CodeMasterKind, CodeMasterRow } from '../code-master-kinds';
import { CodeMasterFormModal } from './code-master-form-modal';

const PAGE_SIZE = 20;

/**
 * One screen for the three small masters: the whole list (the masters are small), searched and sorted
 * here, a register/edit modal and delete with confirmation.
 */
export function CodeMasterScreen({ kind }: { kind: CodeMasterKind }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const list = useCodeMasterList(kind);
  const remove = useDeleteCodeMasterRow(kind);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [modalState, setModalState] = useState<{ open: boolean; editing: CodeMasterRow | null }>({
    open: false,
    editing: null,
  });

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = list.data ?? [];
    return needle
      ? all.filter((r) => r.code.toLowerCase().includes(needle) || r.name.toLowerCase().includes(needle))
      : all;
  }, [list.data, search]);

  const confirmDelete = (row: CodeMasterRow) =>
    modal.confirm({
      title: t(`codeMasters.${kind.key}.deleteTitle`),
      content: messageText(t, 'confirm_delete', { name: row.name }),
      okText: t('codeMasters.delete'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      cancelText: t('codeMasters.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id);
          void message.success(t('master_deleted'));
        } catch (error) {
          if (isApiError(error) && error.code === 'in_use_cannot_delete') {
            const usedBy = String(error.params?.usedBy ?? 'otherData');
            toastError(message, t, error.code, { usedBy: t(`codeMasters.usedBy.${usedBy}`) });
          } else showApiError({ error, t, message });
        }
      },
    });

  if (list.isError) {
    return (
      <Result
        status="warning"
        title={t('codeMasters.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <Card title={t(`menu.${kind.menuKey}`)} data-testid={`code-master-${kind.key}`}>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t(`codeMasters.${kind.key}.searchPlaceholder`)}
          aria-label={t(`codeMasters.${kind.key}.searchPlaceholder`)}
          maxLength={MAX_LENGTH.wasteNameSearch}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setModalState({ open: true, editing: null })}
        >
          {t('codeMasters.new')}
        </Button>
      </Flex>
      <Table<CodeMasterRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          hideOnSinglePage: true,
          showTotal: (total) => t('codeMasters.total', { count: total }),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(search ? 'codeMasters.noMatch' : 'codeMasters.empty')}
            />
          ),
        }}
        columns={[
          {
            key: 'code',
            title: t('codeMasters.code'),
            dataIndex: 'code',
            width: 120,
            sorter: (a, b) => compareSequentialCodes(a.code, b.code),
            defaultSortOrder: 'ascend',
          },
          {
            key: 'name',
            title: t(`codeMasters.${kind.key}.name`),
            dataIndex: 'name',
            sorter: (a, b) => a.name.localeCompare(b.name, 'ja'),
          },
          ...(kind.hasCountFlag
            ? [
                {
                  key: 'isCount',
                  title: t('codeMasters.unitMeasure.isCount'),
                  width: 140,
                  render: (_: unknown, r: CodeMasterRow) =>
                    r.isCount ? (
                      <Tooltip title={t('codeMasters.unitMeasure.isCountHelp')}>
                        <Tag color="orange">{t('codeMasters.unitMeasure.isCountTag')}</Tag>
                      </Tooltip>
                    ) : null,
                },
              ]
            : []),
          {
            key: 'actions',
            title: t('codeMasters.actions'),
            width: 200,
            render: (_, row) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setModalState({ open: true, editing: row })}
                >
                  {t('codeMasters.edit')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(row)}>
                  {t('codeMasters.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CodeMasterFormModal
        kind={kind}
        open={modalState.open}
        editing={modalState.editing}
        onClose={() => setModalState((s) => ({ ...s, open: false }))}
      />
    </Card>
  );
}
