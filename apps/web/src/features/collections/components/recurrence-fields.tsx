import { COLLECTION_FREQUENCIES } from '@junkan/shared/collection-rules';
import { Flex, Form, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { WEEKDAYS_MONDAY_FIRST, weekdayCountState } from '../collection-request-values';

/**
 * A regular contract's recurring collections: how often, on which weekdays (Monday first) and how many
 * times; the weekdays must number the collections, shown as they are ticked.
 */
export function RecurrenceFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const weekdays = Form.useWatch('weekdays', form) as number[] | undefined;
  const count = Form.useWatch('collectionCount', form) as number | null | undefined;
  const frequency = (Form.useWatch('frequency', form) as string | undefined) ?? 'WEEKLY';
  const state = weekdayCountState(weekdays, count);
  return (
    <>
      <Form.Item
        name="frequency"
        label={t('collections.field.frequency')}
        required
        extra={t('collections.frequencyHint')}
      >
        <Radio.Group
          options={COLLECTION_FREQUENCIES.map((f) => ({ value: f, label: t(`collections.frequency.${f}`) }))}
        />
      </Form.Item>
      <Flex wrap gap={16} align="start">
        <Form.Item name="collectionCount" label={t('collections.field.collectionCount')} required>
          <InputNumber<number>
            min={1}
            max={7}
            precision={0}
            inputMode="numeric"
            suffix={t(`collections.countSuffix.${frequency === 'MONTHLY' ? 'MONTHLY' : 'WEEKLY'}`)}
            style={{ width: 140 }}
          />
        </Form.Item>
        <Form.Item name="weekdays" label={t('collections.field.weekdays')} required>
          <CheckboxGroupField
            options={WEEKDAYS_MONDAY_FIRST.map((d) => ({ value: d, label: t(`collections.weekday.${d}`) }))}
          />
        </Form.Item>
        <Typography.Text
          type={state.matches ? 'success' : 'warning'}
          style={{ alignSelf: 'center' }}
          aria-live="polite"
          data-testid="weekday-count"
        >
          {state.count === null
            ? t('collections.weekdayCountNone', { selected: state.selected })
            : t('collections.weekdayCount', { selected: state.selected, count: state.count })}
        </Typography.Text>
      </Flex>
    </>
  );
}
