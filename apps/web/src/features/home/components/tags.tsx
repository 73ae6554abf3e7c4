import type { InquiryImportance, InquiryStatus } from '@junkan/shared';
import { Tag } from 'antd';

const IMPORTANCE_COLORS: Record<InquiryImportance, string | undefined> = {
  MOST_IMPORTANT: 'red',
  IMPORTANT: 'orange',
  SLIGHTLY_IMPORTANT: 'gold',
  BLANK: undefined,
};

export function ImportanceTag({ importance, label }: { importance: InquiryImportance; label: string }) {
  return <Tag color={IMPORTANCE_COLORS[importance]}>{label}</Tag>;
}

export const INQUIRY_STATUS_COLORS: Record<InquiryStatus, string> = {
  AWAITING_RESPONSE: 'orange',
  RESPONSE_RECEIVED: 'blue',
  CLOSED: 'default',
};
