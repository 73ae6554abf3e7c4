import type { PermitStatus } from '@junkan/shared/rules/permit-rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PermitStatus, string> = {
  VALID: 'green',
  DAYS_90: 'gold',
  DAYS_30: 'orange',
  EXPIRED: 'red',
  RETIRED: 'default',
};

/** 有効 / 90日以内に期限 / 30日以内に期限 / 期限切れ / 廃止. */
export function PermitStatusTag({ status }: { status: PermitStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[status]} data-testid={`permit-status-${status}`}>
      {t(`permits.status.${status}`)}
    </Tag>
  );
}
