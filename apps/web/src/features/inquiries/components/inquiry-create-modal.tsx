import {
  type InquiryCreateInput,
  type InquiryDetail,
  inquiryCreateSchema,
} from '@junkan/shared/api/inquiries';
import { INQUIRY_MAX_LENGTH, type InquirySide } from '@junkan/shared/inquiry-rules';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../../../components/form-modal';
import { InquiryHeadFields } from '../../../components/inquiry-head-fields';
import { showFormIssues, validateOrFocus, zodRule } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useCreateInquiry } from '../api/send-inquiry';
import { InquiryFilePicker } from './inquiry-file-picker';
import { UploadStatus } from './upload-status';
import { hasFormFields, useInquirySend } from './use-inquiry-send';

const NO_FILES: { fileName: string; size: number }[] = [];

/**
 * Opening an inquiry (subject, importance, content, one optional file). The file goes with the form, with the
 * upload's progress; a failed send keeps everything for sending again. Closing asks first once something is typed.
 */
export function InquiryCreateModal({
  side,
  open,
  onClose,
  onCreated,
}: {
  side: Exclude<InquirySide, 'ADMIN'>;
  open: boolean;
  onClose: () => void;
  onCreated: (inquiry: InquiryDetail) => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<InquiryCreateInput>();
  const [file, setFile] = useState<File | null>(null);
  const create = useCreateInquiry(side);
  const send = useInquirySend();
  const requestClose = useDiscardGuard(form, send.sending, onClose);

  const submit = async () => {
    const values = await validateOrFocus(form);
    if (!values) return;
    const sent = await send.run((options) => create.mutateAsync({ input: values, file, options }));
    if (sent.ok) {
      void message.success(t('inquiries.created'));
      onCreated(sent.value);
    } else if (sent.failure && hasFormFields(sent.failure))
      showFormIssues(
        form,
        Object.entries(sent.failure.fields ?? {}).map(([name, code]) => ({ name, code })),
        t,
      );
  };

  return (
    <Modal
      open={open}
      title={t('inquiries.new')}
      onCancel={requestClose}
      mask={{ closable: !send.sending }}
      closable={!send.sending}
      destroyOnHidden
      width={640}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={requestClose} disabled={send.sending}>
            {t('forms.cancel')}
          </Button>
          <Button
            type="primary"
            loading={send.sending}
            onClick={() => void submit()}
            data-testid="inquiry-create-submit"
          >
            {t('inquiries.send')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" initialValues={{ importance: 'BLANK' }} disabled={send.sending}>
        <InquiryHeadFields testId="inquiry" />
        <Form.Item
          name="content"
          label={t('inquiries.field.content')}
          required
          rules={[zodRule(inquiryCreateSchema.shape.content, t)]}
        >
          <Input.TextArea
            rows={5}
            maxLength={INQUIRY_MAX_LENGTH.content}
            showCount
            data-testid="inquiry-content"
          />
        </Form.Item>
        <Form.Item label={t('inquiries.field.file')}>
          <InquiryFilePicker existing={NO_FILES} value={file} onChange={setFile} disabled={send.sending} />
        </Form.Item>
      </Form>
      <UploadStatus
        sending={send.sending}
        hasFile={file !== null}
        progress={send.progress}
        failure={send.failure}
        onStop={send.stop}
        onRetry={() => void submit()}
      />
    </Modal>
  );
}
