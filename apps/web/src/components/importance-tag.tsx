import type { InquiryImportance } from '@junkan/shared';
import { Tag } from 'antd';

const IMPORTANCE_COLORS: Record<InquiryImportance, string | undefined> = {
  MOST_IMPORTANT: 'red',
  IMPORTANT: 'orange',
  SLIGHTLY_IMPORTANT: 'gold',
  BLANK: undefined,
};

/** The importance of an inquiry or a notice (they share the four levels), one colour each. */
export function ImportanceTag({ importance, label }: { importance: InquiryImportance; label: string }) {
  return <Tag color={IMPORTANCE_COLORS[importance]}>{label}</Tag>;
}
