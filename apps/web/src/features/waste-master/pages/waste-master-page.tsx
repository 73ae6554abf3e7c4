import { PlusOutlined } from '@ant-design/icons';
import type { WasteItem } from '@junkan/shared/api/waste';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { parseParentPath, type WasteCategory } from '@junkan/shared/waste-tree';
import { Button, Card, Flex, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteWithConfirm } from '../../../components/use-delete-with-confirm';
import { useDeleteWaste } from '../api/delete-waste';
import type { WasteNode, WasteRowHandlers } from '../components/waste-columns';
import { WasteFormModal, type WasteFormTarget } from '../components/waste-form-modal';
import { WasteSearchTable } from '../components/waste-search-table';
import { WasteTreeTable } from '../components/waste-tree-table';

type CategoryFilter = WasteCategory | 'ALL';

/**
 * Waste master: the major / middle / minor classification tree, a search by name or code (server-paged),
 * register a class under any node, edit, and delete with confirmation.
 */
export default function WasteMasterPage() {
  const { t } = useTranslation();
  const remove = useDeleteWaste();
  const deleteWithConfirm = useDeleteWithConfirm(remove.mutateAsync, (usedBy) =>
    t(`wasteMaster.usedBy.${usedBy ?? 'wasteChildren'}`),
  );
  const [category, setCategory] = useState<CategoryFilter>('ALL');
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [expandedKeys, setExpandedKeys] = useState<number[]>([]);
  const [target, setTarget] = useState<WasteFormTarget | null>(null);

  const confirmDelete = (waste: WasteNode) =>
    deleteWithConfirm({
      id: waste.id,
      title: t('wasteMaster.deleteTitle'),
      name: `${waste.wasteCode} ${waste.name}`,
      onDeleted: () => setExpandedKeys((keys) => keys.filter((k) => k !== waste.id)),
    });

  const handlers: WasteRowHandlers = {
    onAddChild: (parent) => setTarget({ mode: 'create', parent }),
    onEdit: (waste) => setTarget({ mode: 'edit', waste }),
    onDelete: confirmDelete,
  };

  // After registering a child, open the path to it so the new row is in view.
  const onSaved = (saved: WasteItem) => {
    setTarget(null);
    const path = parseParentPath(saved.parentPath) ?? [];
    if (path.length) setExpandedKeys((keys) => [...new Set([...keys, ...path])]);
  };

  const categoryFilter = category === 'ALL' ? undefined : category;

  return (
    <Card title={t('menu.wasteMaster')} data-testid="waste-master">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap align="center">
          <Segmented<CategoryFilter>
            value={category}
            onChange={setCategory}
            options={[
              { value: 'ALL', label: t('wasteMaster.allCategories') },
              { value: 'INDUSTRIAL', label: t('projectType.INDUSTRIAL') },
              { value: 'REGULAR', label: t('projectType.REGULAR') },
            ]}
          />
          <Input.Search
            allowClear
            enterButton={t('forms.search')}
            placeholder={t('wasteMaster.searchPlaceholder')}
            aria-label={t('wasteMaster.searchPlaceholder')}
            maxLength={MAX_LENGTH.wasteNameSearch}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              if (!e.target.value) setQuery('');
            }}
            onSearch={(value) => setQuery(value.trim())}
            style={{ width: 360, maxWidth: 'calc(100vw - 64px)' }}
          />
        </Flex>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setTarget({ mode: 'create', parent: null })}
        >
          {t('wasteMaster.addMajor')}
        </Button>
      </Flex>
      {query ? (
        <>
          <Typography.Paragraph type="secondary">
            {t('wasteMaster.searchResultFor', { query })}
          </Typography.Paragraph>
          <WasteSearchTable
            key={`${query}:${category}`}
            query={query}
            category={categoryFilter}
            handlers={handlers}
          />
        </>
      ) : (
        <WasteTreeTable
          category={categoryFilter}
          expandedKeys={expandedKeys}
          onExpandedKeysChange={setExpandedKeys}
          handlers={handlers}
        />
      )}
      <WasteFormModal target={target} onClose={() => setTarget(null)} onSaved={onSaved} />
    </Card>
  );
}
