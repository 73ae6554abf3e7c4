import type { ChatInquiryInput, ChatInquiryResult, ChatMessage } from '@junkan/shared/api/chat';
import { INQUIRY_MAX_LENGTH } from '@junkan/shared/inquiry-rules';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { InquiryHeadFields } from '../../../components/inquiry-head-fields';
import { useTurnIntoInquiry } from '../api/turn-into-inquiry';

/** The subject proposed: the first line of the company's message the inquiry opens with, cut to the limit. */
export const proposedSubject = (first: ChatMessage | undefined) =>
  (first?.body.split('\n').find((line) => line.trim() !== '') ?? '')
    .trim()
    .slice(0, INQUIRY_MAX_LENGTH.subject);

/**
 * Support turns the messages since the last inquiry made from the conversation, up to the last one it sees
 * (`upTo`), into an inquiry of the company: a subject and an importance. `count` is how many of the held
 * messages go in; `more` says older ones not loaded go in too.
 */
export function TurnIntoInquiryModal({
  conversationId,
  open,
  onClose,
  onTurned,
  upTo,
  first,
  count,
  more,
}: {
  conversationId: number;
  open: boolean;
  onClose: () => void;
  onTurned: (result: ChatInquiryResult) => void;
  upTo: number;
  first: ChatMessage | undefined;
  count: number;
  more: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChatInquiryInput>();
  const turn = useTurnIntoInquiry(conversationId);
  return (
    <FormModal<ChatInquiryInput, ChatInquiryResult>
      open={open}
      form={form}
      saving={turn.isPending}
      onClose={onClose}
      initialValues={{ subject: proposedSubject(first), importance: 'BLANK' }}
      save={(values) => turn.mutateAsync({ ...values, upTo })}
      onSaved={onTurned}
      submitTestId="chat-inquiry-submit"
      width={520}
      title={t('chat.admin.toInquiryTitle')}
      okText={t('chat.admin.toInquiryCreate')}
    >
      <Typography.Paragraph type="secondary" data-testid="chat-inquiry-count">
        {t(more ? 'chat.admin.toInquiryCountMore' : 'chat.admin.toInquiryCount', { count })}
      </Typography.Paragraph>
      <InquiryHeadFields testId="chat-inquiry" />
    </FormModal>
  );
}
