import { CLOSED_DAY_REASON_MAX } from '@junkan/shared/api/business-calendar';
import { DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dayPickerProps } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { showApiError } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useAddClosedDay } from '../api/add-closed-day';
import { useClosedDayImpact } from '../api/calendar-impact';
import { useConfirmCalendarImpact } from './use-confirm-calendar-impact';

interface FormValues {
  date: Dayjs | null;
  reason: string;
}

/** Adds one closed day; the date may come from a click on the calendar. Mount it per opening (key). */
export function ClosedDayModal({
  open,
  date,
  onClose,
}: {
  open: boolean;
  date: Dayjs | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<FormValues>();
  const add = useAddClosedDay();
  const impact = useClosedDayImpact();
  const confirmImpact = useConfirmCalendarImpact();
  const pending = add.isPending || impact.isPending;

  const submit = async (values: FormValues) => {
    const body = { date: values.date?.format('YYYY-MM-DD') ?? '', reason: values.reason.trim() };
    try {
      // Collections on the day: shown, and the day closed only once the transporter agrees.
      const { collections } = await impact.mutateAsync(body);
      if (!(await confirmImpact(collections))) return;
      await add.mutateAsync(body);
      void message.success(
        collections.length
          ? t('businessCalendar.impact.saved', { count: collections.length })
          : t('master_saved'),
      );
      onClose();
    } catch (error) {
      showApiError({ error, t, message, form });
    }
  };

  return (
    <Modal
      open={open}
      title={t('businessCalendar.addClosedDayTitle')}
      okText={t('businessCalendar.add')}
      cancelText={t('forms.cancel')}
      onCancel={() => !pending && onClose()}
      confirmLoading={pending}
      okButtonProps={{ htmlType: 'submit', 'data-testid': 'closed-day-submit' }}
      cancelButtonProps={{ disabled: pending }}
      destroyOnHidden
      width={420}
      modalRender={(node) => (
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ date, reason: '' }}
          onFinish={submit}
          disabled={pending}
        >
          {node}
        </Form>
      )}
    >
      <Form.Item name="date" label={t('businessCalendar.date')} rules={[requiredRule(t)]}>
        {/* The kit's picker: a date typed as YYYY/MM/DD is taken (a weekday in the format could not be typed). */}
        <DatePicker {...dayPickerProps} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('businessCalendar.reason')}
        rules={[{ max: CLOSED_DAY_REASON_MAX, message: messageText(t, 'max_length_exceeded') }]}
      >
        <Input
          maxLength={CLOSED_DAY_REASON_MAX}
          showCount
          placeholder={t('businessCalendar.reasonPlaceholder')}
          autoFocus
          autoComplete="off"
        />
      </Form.Item>
    </Modal>
  );
}
