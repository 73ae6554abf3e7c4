import type { DeadlineState } from '@junkan/shared/transport-deadline';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatManifestDate } from '../manifest-filters';
import { deadlineTagLook } from '../manifest-labels';

/** The transport-end report's deadline, with a tag when it is due soon or overdue. */
export function DeadlineTag({ state }: { state: DeadlineState | null }) {
  const { t } = useTranslation();
  const look = deadlineTagLook(state);
  return look ? <Tag color={look.color}>{t(look.labelKey)}</Tag> : null;
}

export function ReportDeadline({
  deadline,
  state,
}: {
  deadline: string | null;
  state: DeadlineState | null;
}) {
  if (!deadline) return null;
  return (
    <Space size={4} wrap>
      <Typography.Text type={state === 'OVERDUE' ? 'danger' : undefined}>
        {formatManifestDate(deadline)}
      </Typography.Text>
      <DeadlineTag state={state} />
    </Space>
  );
}
