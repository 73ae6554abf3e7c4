import { SendOutlined } from '@ant-design/icons';
import { type InquiryDetail, inquiryContentSchema } from '@junkan/shared/api/inquiries';
import { INQUIRY_MAX_LENGTH, type InquirySide } from '@junkan/shared/inquiry-rules';
import { Button, Card, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormIssues, validateOrFocus, zodRule } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useReplyToInquiry } from '../api/send-inquiry';
import { InquiryFilePicker } from './inquiry-file-picker';
import { UploadStatus } from './upload-status';
import { hasFormFields, useInquirySend } from './use-inquiry-send';

/** The reply to an inquiry: its text and one file, sent with the upload's progress; a failed send keeps both. */
export function InquiryReplyForm({ side, inquiry }: { side: InquirySide; inquiry: InquiryDetail }) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<{ content: string }>();
  const [file, setFile] = useState<File | null>(null);
  const reply = useReplyToInquiry(side, inquiry.id);
  const send = useInquirySend();
  const existing = inquiry.inquiryHistoryDtos.flatMap((h) => h.files);

  const submit = async () => {
    const values = await validateOrFocus(form);
    if (!values) return;
    const sent = await send.run((options) => reply.mutateAsync({ content: values.content, file, options }));
    if (sent.ok) {
      form.resetFields();
      setFile(null);
      void message.success(t('inquiries.replied'));
    } else if (sent.failure && hasFormFields(sent.failure))
      showFormIssues(
        form,
        Object.entries(sent.failure.fields ?? {}).map(([name, code]) => ({ name, code })),
        t,
      );
  };

  return (
    <Card size="small" title={t('inquiries.reply')} data-testid="inquiry-reply">
      <Form form={form} layout="vertical" disabled={send.sending}>
        <Form.Item name="content" required rules={[zodRule(inquiryContentSchema, t)]}>
          <Input.TextArea
            rows={4}
            maxLength={INQUIRY_MAX_LENGTH.content}
            showCount
            placeholder={t('inquiries.replyPlaceholder')}
            data-testid="inquiry-reply-content"
          />
        </Form.Item>
        <Form.Item>
          <InquiryFilePicker existing={existing} value={file} onChange={setFile} disabled={send.sending} />
        </Form.Item>
      </Form>
      <Flex vertical gap={8}>
        <UploadStatus
          sending={send.sending}
          hasFile={file !== null}
          progress={send.progress}
          failure={send.failure}
          onStop={send.stop}
          onRetry={() => void submit()}
        />
        <Flex justify="end">
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={send.sending}
            onClick={() => void submit()}
            data-testid="inquiry-reply-send"
          >
            {t('inquiries.send')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
