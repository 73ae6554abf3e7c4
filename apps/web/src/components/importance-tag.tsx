import type { InquiryImportance } from '@junkan/shared/enums';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const IMPORTANCE_COLORS: Record<InquiryImportance, string | undefined> = {
  MOST_IMPORTANT: 'red',
  IMPORTANT: 'orange',
  SLIGHTLY_IMPORTANT: 'gold',
  BLANK: undefined,
};

/** The importance of an inquiry or a notice (section 3); `label` defaults to its name in the current language. */
export function ImportanceTag({ importance, label }: { importance: InquiryImportance; label?: string }) {
  const { t } = useTranslation();
  return <Tag color={IMPORTANCE_COLORS[importance]}>{label ?? t(`inquiryImportance.${importance}`)}</Tag>;
}
