import type { InquiryImportance, InquiryStatus } from '@junkan/shared/enums';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportanceTag } from '../../../components/importance-tag';

const STATUS_COLORS: Record<InquiryStatus, string> = {
  AWAITING_RESPONSE: 'orange',
  RESPONSE_RECEIVED: 'blue',
  CLOSED: 'default',
};

export function InquiryStatusTag({ status }: { status: InquiryStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="inquiry-status">
      {t(`inquiryStatus.${status}`)}
    </Tag>
  );
}

export function InquiryImportanceTag({ importance }: { importance: InquiryImportance }) {
  const { t } = useTranslation();
  return <ImportanceTag importance={importance} label={t(`inquiryImportance.${importance}`)} />;
}
