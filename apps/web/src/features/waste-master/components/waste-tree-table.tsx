import type { WasteItem } from '@junkan/shared/api/waste';
import type { WasteCategory } from '@junkan/shared/waste-tree';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { emptyLocale, LoadFailed } from '../../../components/master-list';
import { wasteChildrenQueryOptions } from '../api/waste-children';
import {
  formatFactor,
  LevelTag,
  type WasteNode,
  WasteRowActions,
  type WasteRowHandlers,
} from './waste-columns';

type TreeRow = WasteNode & { children?: TreeRow[] };

/**
 * The classification tree as a table: major classes first, each node's children loaded when it is
 * expanded (GET /waste/parent/{id}). Expanded nodes stay expanded across refreshes after a write.
 */
export function WasteTreeTable({
  category,
  expandedKeys,
  onExpandedKeysChange,
  handlers,
}: {
  category?: WasteCategory;
  expandedKeys: number[];
  onExpandedKeysChange: (keys: number[]) => void;
  handlers: WasteRowHandlers;
}) {
  const { t } = useTranslation();
  const top = useQuery(wasteChildrenQueryOptions(0, category));
  const children = useQueries({ queries: expandedKeys.map((id) => wasteChildrenQueryOptions(id)) });
  const childrenOf = new Map(expandedKeys.map((id, i) => [id, children[i]?.data]));

  const toRow = (item: WasteItem, ancestorNames: string[]): TreeRow => ({
    ...item,
    ancestorNames,
    // An empty array keeps the expand arrow until the children arrive.
    children: item.hasChildren
      ? (childrenOf.get(item.id) ?? []).map((c) => toRow(c, [...ancestorNames, item.name]))
      : undefined,
  });
  const rows = (top.data ?? []).map((item) => toRow(item, []));

  if (top.isError) {
    return <LoadFailed title={t('wasteMaster.loadFailed')} onRetry={() => void top.refetch()} />;
  }

  return (
    <DataTable<TreeRow>
      rowKey="id"
      size="middle"
      data-testid="waste-tree"
      loading={top.isLoading || children.some((q) => q.isLoading)}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 1100 }}
      expandable={{
        expandedRowKeys: expandedKeys,
        onExpandedRowsChange: (keys) => onExpandedKeysChange(keys.map(Number)),
        indentSize: 24,
      }}
      locale={emptyLocale(t('wasteMaster.empty'))}
      columns={[
        {
          key: 'name',
          title: t('wasteMaster.field.name'),
          // The row's indent, its class tag and the name: the widest share, so a name is not cut at 1366 px.
          minWidth: 340,
          render: (_, w) => (
            <>
              <LevelTag level={w.level} t={t} />
              <Typography.Text>{w.name}</Typography.Text>
            </>
          ),
        },
        { key: 'wasteCode', title: t('wasteMaster.field.wasteCode'), dataIndex: 'wasteCode', width: 120 },
        {
          key: 'category',
          title: t('wasteMaster.field.category'),
          width: 110,
          render: (_, w) => t(`projectType.${w.category}`),
        },
        {
          key: 'tPerM3',
          title: t('wasteMaster.field.tPerM3'),
          width: 90,
          align: 'right',
          render: (_, w) => formatFactor(w.tPerM3),
        },
        {
          key: 'tPerPiece',
          title: t('wasteMaster.field.tPerPiece'),
          width: 90,
          align: 'right',
          render: (_, w) => formatFactor(w.tPerPiece),
        },
        {
          key: 'actions',
          title: t('wasteMaster.actions'),
          width: 310,
          render: (_, w) => <WasteRowActions waste={w} handlers={handlers} t={t} />,
        },
      ]}
    />
  );
}
