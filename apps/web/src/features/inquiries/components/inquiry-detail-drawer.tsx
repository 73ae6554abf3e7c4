import { DeleteOutlined } from '@ant-design/icons';
import type { InquiryDetail } from '@junkan/shared/api/inquiries';
import { INQUIRY_IMPORTANCES, type InquiryImportance } from '@junkan/shared/enums';
import { formatInquiryId, type InquirySide } from '@junkan/shared/inquiry-rules';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Descriptions,
  Drawer,
  Flex,
  Result,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { useInquiryActions } from '../api/inquiry-actions';
import { useInquiryDetail } from '../api/inquiry-detail';
import { inquiryActionLabelKey, megabytes } from '../inquiry-labels';
import { InquiryHistoryItem } from './inquiry-history-item';
import { InquiryReplyForm } from './inquiry-reply-form';
import { InquiryImportanceTag, InquiryStatusTag } from './inquiry-tags';

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
          <InquiryHistoryItem key={entry.id} side={side} inquiry={inquiry} entry={entry} />
        ))}
      </Flex>

      {can('REPLY') ? (
        <InquiryReplyForm side={side} inquiry={inquiry} />
      ) : (
        inquiry.status === 'CLOSED' && <Alert type="info" showIcon title={t('inquiries.closedNote')} />
      )}
    </Flex>
  );
}
