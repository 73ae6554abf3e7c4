import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import type { UploadProgress } from '../../../lib/multipart';
import { megabytes } from '../inquiry-labels';
import type { SendFailure } from './use-inquiry-send';

/**
 * A send under way (the bar, the MB sent, a way to stop it) or the reason it failed, with a way to send again
 * when sending again can help (the connection, the server).
 */
export function UploadStatus({
  sending,
  hasFile,
  progress,
  failure,
  onStop,
  onRetry,
}: {
  sending: boolean;
  hasFile: boolean;
  progress: UploadProgress | null;
  failure: SendFailure | null;
  onStop: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (sending && hasFile)
    return (
      <Flex vertical gap={4} data-testid="inquiry-upload-progress">
        <Progress percent={progress?.percent ?? 0} status="active" size="small" />
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {progress
              ? t('inquiries.upload.sent', {
                  sent: megabytes(progress.loaded),
                  total: megabytes(progress.total),
                })
              : t('inquiries.upload.starting')}
          </Typography.Text>
          <Button size="small" onClick={onStop} data-testid="inquiry-upload-stop">
            {t('inquiries.upload.stop')}
          </Button>
        </Flex>
      </Flex>
    );
  if (!failure) return null;
  const retryable = ['network_error', 'timeout_error', 'unknown_error', 'server_error'].includes(
    failure.code,
  );
  return (
    <Alert
      type="error"
      showIcon
      title={t(retryable ? 'inquiries.upload.failedRetry' : 'inquiries.upload.failed')}
      description={messageText(t, failure.code)}
      action={
        retryable ? (
          <Button size="small" danger onClick={onRetry} data-testid="inquiry-upload-retry">
            {t('inquiries.upload.retry')}
          </Button>
        ) : undefined
      }
      data-testid="inquiry-upload-failed"
    />
  );
}
