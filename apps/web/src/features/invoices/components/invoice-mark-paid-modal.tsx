import { DatePicker, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateItemProps, dayPickerProps, futureDays } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';

/** The settlement confirmation date, a real date not after Japan's today; confirmed by the modal's own OK. */
export function InvoiceMarkPaidModal(props: {
  open: boolean;
  today: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (date: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ settlementDate: string | null }>();
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
        onFinish={(v) => props.onSubmit(v.settlementDate ?? '')}
      >
        <Form.Item
          name="settlementDate"
          label={t('invoices.field.settlementDate')}
          rules={[requiredRule(t)]}
          {...dateItemProps}
        >
          <DatePicker
            {...dayPickerProps}
            disabledDate={futureDays()}
            data-testid="invoice-settlement-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
