import { DeleteOutlined, DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { Attachment } from '@junkan/shared/api/common';
import { paths } from '@junkan/shared/paths';
import { isQuoteRequestEditable } from '@junkan/shared/project-status';
import { UPLOAD_RULES } from '@junkan/shared/upload-rules';
import { Alert, App, Button, Card, Flex, List, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { confirmDestructive } from '../../../components/form-modal';
import { PageSpinner } from '../../../components/page-spinner';
import { UploadPanel } from '../../../components/upload-modal';
import { downloadAttachment } from '../../../lib/download-attachment';
import { showApiError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useProjectDetail } from '../../../lib/project-data/project-detail';
import { useToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useDeleteAttachment } from '../api/delete-attachment';
import { useProjectAttachments } from '../api/project-attachments';
import { useUploadAttachment } from '../api/upload-attachment';
import { formatFileSize } from '../file-size';

/**
 * /project-managment/popup?projectId=: the file upload popup as a page, for a discharger's draft quote
 * request (up to 4 files of the 7 kinds). Other projects' files are listed for download only.
 */
export default function UploadPopupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const projectId = Number(params.get('projectId'));
  const valid = Number.isInteger(projectId) && projectId > 0;
  const project = useProjectDetail(valid ? projectId : 0);
  const files = useProjectAttachments(valid ? projectId : 0);

  if (!valid) return <Result status="404" title={t('industrialQuote.popup.noProject')} />;
  if (project.isPending || files.isPending) return <PageSpinner />;
  if (project.isError || files.isError) {
    return (
      <Result
        status="warning"
        title={t('industrialQuote.popup.loadFailed')}
        extra={<Link to={paths.projectManagement.to()}>{t('industrialQuote.popup.backToList')}</Link>}
      />
    );
  }
  return (
    <UploadPopup
      projectId={projectId}
      title={project.data.projectTitle}
      attachments={files.data}
      editable={isQuoteRequestEditable(project.data.projectStatus)}
    />
  );
}

function UploadPopup(props: {
  projectId: number;
  title: string;
  attachments: Attachment[];
  editable: boolean;
}) {
  const { projectId, attachments } = props;
  const session = useSession();
  // Only the discharger changes its draft's files; a transporter sees the list to download.
  const editable = props.editable && session.roles.includes('WASTE');
  const upload = useUploadAttachment(projectId);
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const remove = useDeleteAttachment(projectId);
  const rule = UPLOAD_RULES.QUOTE_REQUEST;

  const confirmRemove = (a: Attachment) =>
    confirmDestructive(modal, {
      title: t('confirm_delete', { name: a.fileName }),
      onOk: () =>
        remove.mutateAsync(a.id).then(
          () => void message.success(t('industrialQuote.popup.deleted')),
          (error: unknown) => void showApiError({ error, t, message }),
        ),
    });

  return (
    <Card
      title={t('industrialQuote.popup.title')}
      extra={<Link to={paths.projectDetail.to(projectId)}>{t('industrialQuote.popup.toDetail')}</Link>}
      style={{ maxWidth: 720 }}
    >
      <Flex vertical gap={16}>
        <Typography.Text>
          {t('industrialQuote.popup.project')}: <Typography.Text strong>{props.title}</Typography.Text>
        </Typography.Text>
        {editable ? (
          <UploadPanel
            kinds={rule.kinds}
            maxCount={rule.maxFiles}
            existingNames={attachments.map((a) => a.fileName)}
            onUpload={(file, onProgress) => upload.mutateAsync({ file, onProgress })}
          />
        ) : (
          <Alert type="info" showIcon message={t('industrialQuote.popup.notDraft')} />
        )}
        <List
          header={t('industrialQuote.popup.attached', { count: attachments.length })}
          bordered
          dataSource={attachments}
          locale={{ emptyText: t('industrialQuote.popup.none') }}
          data-testid="attachment-list"
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button
                  key="download"
                  type="link"
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    downloadAttachment(projectId, a).catch((error: unknown) =>
                      showApiError({ error, t, message }),
                    )
                  }
                >
                  {t('industrialQuote.popup.download')}
                </Button>,
                ...(editable
                  ? [
                      <Button
                        key="delete"
                        type="link"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => confirmRemove(a)}
                      >
                        {t('industrialQuote.popup.delete')}
                      </Button>,
                    ]
                  : []),
              ]}
            >
              <Space>
                <PaperClipOutlined />
                <span>{a.fileName}</span>
                <Typography.Text type="secondary">
                  {formatFileSize(a.size)} ・ {formatDateTime(a.createdAt)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Flex>
    </Card>
  );
}
