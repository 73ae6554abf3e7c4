import type { ReportStatus } from '@junkan/shared/enums';
import { reportStatusLabelKey } from '@junkan/shared/report-rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Section 4 status column: awaiting approval (worded for the discharger) or rejection; else nothing. */
export function ReportStatusTag({
  status,
  isDischarger,
}: {
  status: ReportStatus | null;
  isDischarger: boolean;
}) {
  const { t } = useTranslation();
  const key = status ? reportStatusLabelKey(status, isDischarger) : null;
  if (!key) return null;
  return <Tag color={key === 'reportStatus.REJECTION' ? 'red' : 'gold'}>{t(key)}</Tag>;
}
