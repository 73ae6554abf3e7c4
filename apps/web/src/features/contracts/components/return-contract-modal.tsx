import { CONTRACT_MAX_LENGTH, returnContractSchema } from '@junkan/shared/api/contracts';
import { type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../../../components/form-modal';
import { showApiError, zodRule } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useReturnContract } from '../api/answer-contract';

interface Values {
  reason: string;
}

/**
 * The discharger's return with a required reason. Built like FormModal (the dialog is the form, unsaved
 * input is not dropped silently) but without its "registered" toast: the caller reports the return.
 */
export function ReturnContractModal({
  projectId,
  open,
  onClose,
  onReturned,
}: {
  projectId: number;
  open: boolean;
  onClose: () => void;
  onReturned: () => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<Values>();
  const send = useReturnContract(projectId);
  const requestClose = useDiscardGuard(form, send.isPending, onClose);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async (values: Values) => {
    try {
      await send.mutateAsync(values.reason.trim());
      onReturned();
    } catch (error) {
      showApiError({ error, t, message, form });
    }
  };

  return (
    <Modal
      title={t('contracts.returnTitle')}
      okText={t('contracts.return')}
      cancelText={t('forms.cancel')}
      open={open}
      onCancel={requestClose}
      confirmLoading={send.isPending}
      okButtonProps={
        { htmlType: 'submit', danger: true, 'data-testid': 'return-contract-submit' } as ButtonProps
      }
      cancelButtonProps={{ disabled: send.isPending }}
      maskClosable={false}
      destroyOnHidden
      modalRender={(node) => (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ reason: '' }}
          onFinish={submit}
          disabled={send.isPending}
        >
          {node}
        </Form>
      )}
    >
      <Typography.Paragraph>{t('contracts.returnLead')}</Typography.Paragraph>
      <Form.Item
        name="reason"
        label={t('contracts.field.returnReason')}
        rules={[zodRule(returnContractSchema.shape.reason, t)]}
        required
      >
        <Input.TextArea
          maxLength={CONTRACT_MAX_LENGTH.returnReason}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          autoFocus
        />
      </Form.Item>
    </Modal>
  );
}
