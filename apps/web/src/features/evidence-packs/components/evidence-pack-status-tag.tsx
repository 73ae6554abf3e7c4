import type { EvidencePackStatus } from '@junkan/shared/rules/evidence-pack';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<EvidencePackStatus, string> = {
  QUEUED: 'default',
  BUILDING: 'processing',
  READY: 'green',
  FAILED: 'red',
  EXPIRED: 'default',
};

/** 受付済み / 作成中 / ダウンロード可 / 失敗 / 期限切れ. */
export function EvidencePackStatusTag({ id, status }: { id: number; status: EvidencePackStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[status]} data-testid={`evidence-pack-status-${id}`} data-status={status}>
      {t(`evidencePacks.status.${status}`)}
    </Tag>
  );
}
