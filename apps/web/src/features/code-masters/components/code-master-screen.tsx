import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { compareSequentialCodes } from '@junkan/shared/sequential-code';
import { Button, Card, Space, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useFormModalTarget } from '../../../components/form-modal';
import {
  emptyLocale,
  FilterInput,
  ListToolbar,
  LoadFailed,
  listPagination,
  useFilterPage,
} from '../../../components/master-list';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { useCodeMasterList } from '../api/code-master-list';
import { useDeleteCodeMasterRow } from '../api/delete-code-master-row';
import type { CodeMasterKind, CodeMasterRow } from '../code-master-kinds';
import { CodeMasterFormModal } from './code-master-form-modal';

/**
 * One screen for the three small masters: the whole list (the masters are small), searched and sorted
 * here, a register/edit modal and delete with confirmation.
 */
export function CodeMasterScreen({ kind }: { kind: CodeMasterKind }) {
  const { t } = useTranslation();
  const list = useCodeMasterList(kind);
  const remove = useDeleteCodeMasterRow(kind);
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync, (usedBy) =>
    t(`codeMasters.usedBy.${usedBy ?? 'otherData'}`),
  );
  const { filter: search, setFilter: setSearch, page, setPage } = useFilterPage('');
  const modal = useFormModalTarget<CodeMasterRow>();

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = list.data ?? [];
    return needle
      ? all.filter((r) => r.code.toLowerCase().includes(needle) || r.name.toLowerCase().includes(needle))
      : all;
  }, [list.data, search]);

  const confirmDelete = (row: CodeMasterRow) =>
    deleteWithConfirm({ id: row.id, title: t(`codeMasters.${kind.key}.deleteTitle`), name: row.name });

  if (list.isError) {
    return <LoadFailed title={t('codeMasters.loadFailed')} onRetry={() => void list.refetch()} />;
  }

  return (
    <Card title={t(`menu.${kind.menuKey}`)} data-testid={`code-master-${kind.key}`}>
      <ListToolbar>
        <FilterInput
          label={t(`codeMasters.${kind.key}.searchPlaceholder`)}
          maxLength={MAX_LENGTH.wasteNameSearch}
          value={search}
          onChange={setSearch}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => modal.show(null)}>
          {t('codeMasters.new')}
        </Button>
      </ListToolbar>
      <DataTable<CodeMasterRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={listPagination({
          page,
          onChange: setPage,
          totalText: (count) => t('codeMasters.total', { count }),
        })}
        locale={emptyLocale(t(search ? 'codeMasters.noMatch' : 'codeMasters.empty'))}
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
                <Button size="small" icon={<EditOutlined />} onClick={() => modal.show(row)}>
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
      <CodeMasterFormModal kind={kind} open={modal.open} editing={modal.editing} onClose={modal.close} />
    </Card>
  );
}
