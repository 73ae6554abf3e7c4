import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { WasteItem } from '@junkan/shared/api/waste';
import { WASTE_MAX_LEVEL } from '@junkan/shared/waste-tree';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';

/** A classification with the names of its ancestors (major, middle), for labels and the form. */
export type WasteNode = WasteItem & { ancestorNames: string[] };

export interface WasteRowHandlers {
  onAddChild: (parent: WasteNode) => void;
  onEdit: (waste: WasteNode) => void;
  onDelete: (waste: WasteNode) => void;
}

export const LEVEL_COLORS: Record<number, string> = { 1: 'green', 2: 'blue', 3: 'purple' };

export function LevelTag({ level, t }: { level: number; t: TFunction }) {
  return <Tag color={LEVEL_COLORS[level]}>{t(`wasteMaster.levelTag.${level}`)}</Tag>;
}

/** Conversion factors as stored: up to 4 decimals, a dash when none. */
export const formatFactor = (value: number | null) =>
  value == null ? '—' : value.toLocaleString('ja-JP', { maximumFractionDigits: 4 });

export function WasteRowActions({
  waste,
  handlers,
  t,
}: {
  waste: WasteNode;
  handlers: WasteRowHandlers;
  t: TFunction;
}) {
  return (
    <Space size={4}>
      {waste.level < WASTE_MAX_LEVEL && (
        <Tooltip title={t(`wasteMaster.addChildOf.${waste.level}`)}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => handlers.onAddChild(waste)}
            aria-label={`${t('wasteMaster.addChild')}: ${waste.name}`}
          >
            {t('wasteMaster.addChild')}
          </Button>
        </Tooltip>
      )}
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={() => handlers.onEdit(waste)}
        aria-label={`${t('wasteMaster.edit')}: ${waste.name}`}
      >
        {t('wasteMaster.edit')}
      </Button>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        onClick={() => handlers.onDelete(waste)}
        aria-label={`${t('wasteMaster.delete')}: ${waste.name}`}
      >
        {t('wasteMaster.delete')}
      </Button>
    </Space>
  );
}
