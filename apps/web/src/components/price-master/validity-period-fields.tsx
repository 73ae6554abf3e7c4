import { DatePicker, Flex, Form, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentPunctuation, messageText } from '../../lib/i18n';
import { dayPickerProps } from '../form/date-field';
import { requiredRule } from '../form/required-rule';
import { endsBeforeStart } from './period-values';

/**
 * A price's validity period as two pickers, `validFrom` (required) 〜 `validTo` (empty: until further notice),
 * the end refused before the start (invalid_period). For the forms of a price list (Dayjs values).
 */
export function ValidityPeriodFields({
  label,
  help,
  fromPlaceholder,
  toPlaceholder,
}: {
  label: string;
  help: string;
  fromPlaceholder: string;
  toPlaceholder: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.Item label={label} extra={help} required>
      <Flex gap={8} align="start" wrap>
        <Form.Item name="validFrom" style={{ marginBottom: 0 }} rules={[requiredRule(t)]}>
          <DatePicker
            {...dayPickerProps}
            style={{ width: 190 }}
            placeholder={fromPlaceholder}
            aria-label={fromPlaceholder}
            onChange={() => void form.validateFields(['validTo']).catch(() => {})}
          />
        </Form.Item>
        <Typography.Text style={{ lineHeight: '32px' }}>{currentPunctuation().range}</Typography.Text>
        <Form.Item
          name="validTo"
          style={{ marginBottom: 0 }}
          dependencies={['validFrom']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: Dayjs | null) => {
                const from = getFieldValue('validFrom') as Dayjs | null;
                if (endsBeforeStart({ validFrom: from, validTo: value }))
                  throw new Error(messageText(t, 'invalid_period'));
              },
            }),
          ]}
        >
          <DatePicker
            {...dayPickerProps}
            style={{ width: 190 }}
            placeholder={toPlaceholder}
            aria-label={toPlaceholder}
          />
        </Form.Item>
      </Flex>
    </Form.Item>
  );
}
