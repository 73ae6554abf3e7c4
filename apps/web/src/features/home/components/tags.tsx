import type { InquiryImportance, InquiryStatus, ProjectStatus } from '@junkan/shared';
import { Tag } from 'antd';

export const PROJECT_STATUS_COLORS: Record<ProjectStatus, string> = {
  CREATING_QUOTE: 'default',
  REQUEST_QUOTE: 'gold',
  COMPLETE_QUOTE: 'lime',
  CREATING_CONTRACT: 'orange',
  REQUEST_CONTRACT: 'gold',
  COMPLETE_CONTRACT: 'cyan',
  IN_PROGRESS: 'blue',
  COMPLETE: 'green',
  CANCEL: 'default',
};

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
