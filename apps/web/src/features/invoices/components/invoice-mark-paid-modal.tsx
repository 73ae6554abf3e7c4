import { settlementDateIssue } from '@junkan/shared/invoice-rules';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateItemProps, futureDays } from '../../../components/form/date-field';
import { DayPicker } from '../../../components/form/day-picker';
import { requiredRule } from '../../../components/form/required-rule';
import { isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';

/**
 * The settlement confirmation date, confirmed by the modal's own OK: the shared `settlementDateIssue` as the
 * field's rule (a real date, not after Japan's today, not before the billed month began), so the user sees it
 * before sending; the server's refusal of the date shows next to the field too, anything else as a toast. An
 * invoice that changed meanwhile (paid in another tab: 409) closes the dialog; the page shows it as it now is.
 */
export function InvoiceMarkPaidModal(props: {
  open: boolean;
  today: string;
  /** The month the invoice bills (YYYY-MM): a payment is not confirmed before it began. */
  billedMonth: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (date: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<{ settlementDate: string | null }>();
  const submit = async (date: string) => {
    try {
      await props.onSubmit(date);
    } catch (error) {
      showApiError({ error, t, message, form });
      if (isApiError(error) && error.status === 409) props.onClose();
    }
  };
  return (
    <Modal
      open={props.open}
      title={t('invoices.confirm.markPaid')}
      okText={t('invoices.action.markPaid')}
      cancelText={t('forms.cancel')}
      okButtonProps={{ autoInsertSpace: false, loading: props.pending }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('invoices.confirm.markPaidContent')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ settlementDate: props.today }}
        onFinish={(v) => submit(v.settlementDate ?? '')}
      >
        <Form.Item
          name="settlementDate"
          label={t('invoices.field.settlementDate')}
          rules={[
            requiredRule(t),
            {
              validator: async (_rule, value) => {
                const code = value ? settlementDateIssue(value, props.today, props.billedMonth) : null;
                if (code) throw new Error(messageText(t, code));
              },
            },
          ]}
          {...dateItemProps}
        >
          <DayPicker disabledDate={futureDays()} data-testid="invoice-settlement-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
