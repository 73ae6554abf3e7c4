import { type BusinessSettings, isValidBusinessHours } from '@junkan/shared/business-day';
import { Button, Card, Flex, Form, Skeleton, Switch, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { keepEnterInPicker } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { showApiError } from '../../../lib/form-errors';
import { currentPunctuation, messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useSettingsImpact } from '../api/calendar-impact';
import { useSaveBusinessSettings } from '../api/save-business-settings';
import { useConfirmCalendarImpact } from './use-confirm-calendar-impact';

interface FormValues {
  weekdays: number[];
  openTime: Dayjs | null;
  closeTime: Dayjs | null;
  closedOnNationalHolidays: boolean;
  closedOnYearEnd: boolean;
}

/** Monday first, as Japanese business calendars list them. */
const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0];
const TIME_FORMAT = 'HH:mm';

const toFormValues = (s: BusinessSettings): FormValues => ({
  weekdays: s.weekdays,
  openTime: dayjs(s.openTime, TIME_FORMAT),
  closeTime: dayjs(s.closeTime, TIME_FORMAT),
  closedOnNationalHolidays: s.closedOnNationalHolidays,
  closedOnYearEnd: s.closedOnYearEnd,
});

/** Weekdays, hours and the national-holiday switch of the caller's company. */
export function BusinessSettingsForm({
  settings,
  loading,
}: {
  settings?: BusinessSettings;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveBusinessSettings();
  const impact = useSettingsImpact();
  const confirmImpact = useConfirmCalendarImpact();
  const [savedCount, setSavedCount] = useState(0);

  // Saved or refetched settings become the form's new starting point (and clear the unsaved state).
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedCount re-runs it after each save
  useEffect(() => {
    if (settings) form.resetFields();
  }, [settings, savedCount, form]);

  const submit = async (values: FormValues) => {
    const body: BusinessSettings = {
      weekdays: [...values.weekdays].sort((a, b) => a - b),
      openTime: values.openTime?.format(TIME_FORMAT) ?? '',
      closeTime: values.closeTime?.format(TIME_FORMAT) ?? '',
      closedOnNationalHolidays: values.closedOnNationalHolidays,
      closedOnYearEnd: values.closedOnYearEnd,
    };
    try {
      // Days it closes with collections on them: shown, and saved only once the transporter agrees.
      const { collections } = await impact.mutateAsync(body);
      if (!(await confirmImpact(collections))) return;
      await save.mutateAsync(body);
      setSavedCount((n) => n + 1);
      void message.success(
        collections.length
          ? t('businessCalendar.impact.saved', { count: collections.length })
          : t('master_saved'),
      );
    } catch (error) {
      showApiError({ error, t, message, form });
    }
  };

  return (
    <Card title={t('businessCalendar.settingsTitle')} data-testid="business-settings">
      {loading || !settings ? (
        <Skeleton active />
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={toFormValues(settings)}
          onFinish={submit}
          disabled={save.isPending || impact.isPending}
        >
          <Form.Item
            name="weekdays"
            label={t('businessCalendar.weekdays')}
            rules={[{ required: true, type: 'array', min: 1, message: messageText(t, 'MSG_00_21') }]}
          >
            <CheckboxGroupField
              options={WEEKDAY_ORDER.map((d) => ({ label: t(`businessCalendar.weekday.${d}`), value: d }))}
            />
          </Form.Item>
          <Form.Item label={t('businessCalendar.hours')} required style={{ marginBottom: 0 }}>
            <Flex gap={8} align="start" wrap>
              <Form.Item name="openTime" rules={[requiredRule(t)]} style={{ marginBottom: 16 }}>
                <TimePicker
                  format={TIME_FORMAT}
                  minuteStep={5}
                  needConfirm={false}
                  onKeyDown={keepEnterInPicker}
                  placeholder={t('businessCalendar.openTime')}
                  aria-label={t('businessCalendar.openTime')}
                />
              </Form.Item>
              <Typography.Text style={{ lineHeight: '32px' }}>{currentPunctuation().range}</Typography.Text>
              <Form.Item
                name="closeTime"
                dependencies={['openTime']}
                style={{ marginBottom: 16 }}
                rules={[
                  requiredRule(t),
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: Dayjs | null) => {
                      const open = getFieldValue('openTime') as Dayjs | null;
                      if (
                        value &&
                        open &&
                        !isValidBusinessHours(open.format(TIME_FORMAT), value.format(TIME_FORMAT))
                      )
                        throw new Error(messageText(t, 'invalid_business_hours'));
                    },
                  }),
                ]}
              >
                <TimePicker
                  format={TIME_FORMAT}
                  minuteStep={5}
                  needConfirm={false}
                  onKeyDown={keepEnterInPicker}
                  placeholder={t('businessCalendar.closeTime')}
                  aria-label={t('businessCalendar.closeTime')}
                />
              </Form.Item>
            </Flex>
          </Form.Item>
          <Form.Item
            name="closedOnNationalHolidays"
            label={t('businessCalendar.closedOnNationalHolidays')}
            valuePropName="checked"
            extra={t('businessCalendar.closedOnNationalHolidaysHelp')}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="closedOnYearEnd"
            label={t('businessCalendar.closedOnYearEnd')}
            valuePropName="checked"
            extra={t('businessCalendar.closedOnYearEndHelp')}
          >
            <Switch />
          </Form.Item>
          <Form.Item shouldUpdate style={{ marginBottom: 0 }}>
            {() => (
              <Flex gap={8} justify="end" align="center" wrap>
                {form.isFieldsTouched() && (
                  <Typography.Text type="warning">{t('businessCalendar.unsaved')}</Typography.Text>
                )}
                <Button
                  onClick={() => form.resetFields()}
                  disabled={save.isPending || !form.isFieldsTouched()}
                >
                  {t('businessCalendar.reset')}
                </Button>
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={save.isPending || impact.isPending}
                  data-testid="business-settings-save"
                >
                  {t('businessCalendar.save')}
                </Button>
              </Flex>
            )}
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
