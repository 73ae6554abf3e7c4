import { inquiryCreateSchema } from '@junkan/shared/api/inquiries';
import { INQUIRY_IMPORTANCES } from '@junkan/shared/enums';
import { INQUIRY_MAX_LENGTH } from '@junkan/shared/inquiry-rules';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../lib/form-errors';

/**
 * An inquiry's subject and importance, as every form that opens one asks them (a company's new inquiry, support
 * turning a chat into one): the shared schema's subject rule, the importance from the enum. `testId` prefixes the
 * fields' test ids (`<testId>-subject`, `<testId>-importance`).
 */
export function InquiryHeadFields({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="subject"
        label={t('inquiries.field.subject')}
        required
        rules={[zodRule(inquiryCreateSchema.shape.subject, t)]}
      >
        <Input maxLength={INQUIRY_MAX_LENGTH.subject} showCount data-testid={`${testId}-subject`} />
      </Form.Item>
      <Form.Item name="importance" label={t('inquiries.field.importance')}>
        <Select
          data-testid={`${testId}-importance`}
          options={INQUIRY_IMPORTANCES.map((i) => ({ value: i, label: t(`inquiryImportance.${i}`) }))}
          style={{ maxWidth: 200 }}
        />
      </Form.Item>
    </>
  );
}
