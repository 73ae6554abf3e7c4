import type { ContractStatus } from '@junkan/shared/contract-rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const CONTRACT_STATUS_COLORS: Record<ContractStatus, string> = {
  DRAFT: 'default',
  REQUESTED: 'gold',
  RETURNED: 'volcano',
  APPROVED: 'green',
  ENDED: 'purple',
  CANCELLED: 'default',
};

export function ContractStatusTag({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={CONTRACT_STATUS_COLORS[status]} data-testid="contract-status">
      {t(`contracts.status.${status}`)}
    </Tag>
  );
}
