import { DeleteOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import {
  formatInquiryId,
  INQUIRY_IMPORTANCES,
  INQUIRY_MAX_LENGTH,
  type InquiryDetail,
  type InquiryHistoryEntry,
  type InquiryImportance,
  type InquirySide,
  inquiryContentSchema,
} from '@junkan/shared';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Result,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { showApiError, showFormIssues, zodRule } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { downloadInquiryFile } from '../api/download-inquiry-file';
import { useInquiryActions } from '../api/inquiry-actions';
import { useInquiryDetail } from '../api/inquiry-detail';
import { useReplyToInquiry } from '../api/send-inquiry';
import { entrySide, historyEventKey, inquiryActionLabelKey, megabytes } from '../inquiry-labels';
import { InquiryFilePicker } from './inquiry-file-picker';
import { InquiryImportanceTag, InquiryStatusTag } from './inquiry-tags';
import { UploadStatus } from './upload-status';
import { hasFormFields, useInquirySend } from './use-inquiry-send';

/**
 * The inquiry detail popup (section 2): the inquiry, its whole history (who, which side, when, what, files),
 * the reply with its one file and the upload's progress, and the side's actions after a confirmation.
 */
export function InquiryDetailDrawer({
  side,
  id,
  onClose,
}: {
  side: InquirySide;
  id: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useInquiryDetail(side, id);
  const data = detail.data?.id === id ? detail.data : undefined;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={data ? `${formatInquiryId(data.id)} ${data.subject}` : id !== null ? formatInquiryId(id) : ''}
      data-testid="inquiry-detail"
    >
      {data ? (
        <InquiryDetailBody side={side} inquiry={data} onDeleted={onClose} />
      ) : detail.isError ? (
        <Result
          status={isApiError(detail.error) && detail.error.status === 404 ? '404' : 'warning'}
          title={t(
            isApiError(detail.error) && detail.error.status === 404
              ? 'inquiry_not_found'
              : 'inquiries.loadFailed',
          )}
          extra={
            <Button onClick={() => void detail.refetch()} type="primary">
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </Drawer>
  );
}

function InquiryDetailBody({
  side,
  inquiry,
  onDeleted,
}: {
  side: InquirySide;
  inquiry: InquiryDetail;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const actions = useInquiryActions(side, inquiry.id);
  const can = (a: InquiryDetail['actions'][number]) => inquiry.actions.includes(a);

  const confirm = (action: 'CLOSE' | 'DELETE') => {
    const label = inquiryActionLabelKey(side, action);
    modal.confirm({
      title: t(`${label}Title`),
      content: t(`${label}Content`),
      okText: t(label),
      okButtonProps: { danger: action === 'DELETE', 'data-testid': 'inquiry-confirm-ok' } as ButtonProps,
      cancelText: t('forms.cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          if (action === 'CLOSE') await actions.close.mutateAsync();
          else {
            await actions.remove.mutateAsync();
            onDeleted();
          }
          void message.success(t(`${label}Done`));
        } catch (error) {
          showApiError({ error, t, message });
        }
      },
    });
  };

  const changeImportance = async (importance: InquiryImportance) => {
    try {
      await actions.importance.mutateAsync(importance);
      void message.success(t('inquiries.importanceSaved'));
    } catch (error) {
      showApiError({ error, t, message });
    }
  };

  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('inquiries.field.status')}>
          <InquiryStatusTag status={inquiry.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('inquiries.field.importance')}>
          {side === 'ADMIN' && can('SET_IMPORTANCE') ? (
            <Select<InquiryImportance>
              size="small"
              value={inquiry.importance}
              loading={actions.importance.isPending}
              onChange={(v) => void changeImportance(v)}
              style={{ width: 140 }}
              aria-label={t('inquiries.field.importance')}
              data-testid="inquiry-importance-select"
              options={INQUIRY_IMPORTANCES.map((i) => ({ value: i, label: t(`inquiryImportance.${i}`) }))}
            />
          ) : (
            <InquiryImportanceTag importance={inquiry.importance} />
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('inquiries.field.company')}>{inquiry.companyName}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.field.openedBy')}>{inquiry.username}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.field.createdDate')}>
          {formatDateTime(inquiry.createdDate)}
        </Descriptions.Item>
        <Descriptions.Item label={t('inquiries.field.files')}>
          {t('inquiries.filesTotal', { count: inquiry.fileCount, mb: megabytes(inquiry.filesTotalBytes) })}
        </Descriptions.Item>
        {side === 'ADMIN' && (
          <Descriptions.Item label={t('inquiries.field.contact')} span={2}>
            {[inquiry.company.tel, inquiry.company.email].filter(Boolean).join(' / ') || '—'}
          </Descriptions.Item>
        )}
      </Descriptions>

      {(can('CLOSE') || can('DELETE')) && (
        <Space wrap>
          {can('CLOSE') && (
            <Button
              onClick={() => confirm('CLOSE')}
              loading={actions.close.isPending}
              data-testid="inquiry-close"
            >
              {t(inquiryActionLabelKey(side, 'CLOSE'))}
            </Button>
          )}
          {can('DELETE') && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirm('DELETE')}
              loading={actions.remove.isPending}
              data-testid="inquiry-delete"
            >
              {t(inquiryActionLabelKey(side, 'DELETE'))}
            </Button>
          )}
        </Space>
      )}

      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('inquiries.history')}
      </Typography.Title>
      <Flex vertical gap={8} data-testid="inquiry-history">
        {inquiry.inquiryHistoryDtos.map((entry) => (
          <HistoryEntry key={entry.id} side={side} inquiry={inquiry} entry={entry} />
        ))}
      </Flex>

      {can('REPLY') ? (
        <ReplyForm side={side} inquiry={inquiry} />
      ) : (
        inquiry.status === 'CLOSED' && <Alert type="info" showIcon title={t('inquiries.closedNote')} />
      )}
    </Flex>
  );
}

function HistoryEntry({
  side,
  inquiry,
  entry,
}: {
  side: InquirySide;
  inquiry: InquiryDetail;
  entry: InquiryHistoryEntry;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const writer = entrySide(entry);
  const isSupport = writer === 'ADMIN';
  const who = isSupport ? t('inquiries.side.support') : inquiry.companyName;
  const acting = !isSupport && entry.userRoles.some((r) => r.role === 'ADMIN');
  const event = historyEventKey(entry);
  if (event)
    return (
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12, textAlign: 'center' }}
        data-testid="inquiry-event"
      >
        {t(event, {
          who: t('common.withNote', { main: who, note: entry.userName }),
          importance: entry.importance ? t(`inquiryImportance.${entry.importance}`) : '',
          at: formatDateTime(entry.createdDate),
        })}
      </Typography.Text>
    );
  return (
    <Card
      size="small"
      data-testid="inquiry-message"
      data-side={writer}
      style={{
        marginLeft: isSupport ? 48 : 0,
        marginRight: isSupport ? 0 : 48,
        background: isSupport ? 'rgba(22, 119, 255, 0.04)' : undefined,
      }}
      title={
        <Space size={6} wrap>
          <Tag color={isSupport ? 'blue' : 'green'}>{who}</Tag>
          <Typography.Text>{entry.userName}</Typography.Text>
          {acting && <Tag>{t('inquiries.side.acting')}</Tag>}
        </Space>
      }
      extra={<Typography.Text type="secondary">{formatDateTime(entry.createdDate)}</Typography.Text>}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: entry.files.length ? 8 : 0 }}>
        {entry.content}
      </Typography.Paragraph>
      {entry.files.map((f) => (
        <Button
          key={f.id}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          onClick={() =>
            void downloadInquiryFile(side, inquiry.id, f).catch((error) =>
              showApiError({ error, t, message }),
            )
          }
          data-testid="inquiry-file-link"
        >
          {t('common.withNote', { main: f.fileName, note: `${megabytes(f.size)} MB` })}
        </Button>
      ))}
    </Card>
  );
}

function ReplyForm({ side, inquiry }: { side: InquirySide; inquiry: InquiryDetail }) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<{ content: string }>();
  const [file, setFile] = useState<File | null>(null);
  const reply = useReplyToInquiry(side, inquiry.id);
  const send = useInquirySend();
  const existing = inquiry.inquiryHistoryDtos.flatMap((h) => h.files);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
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
