import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { acceptAttribute, checkUpload, UPLOAD_MAX_BYTES, UPLOAD_RULES } from '@junkan/shared/upload-rules';
import { Button, Flex, List, Progress, Typography, Upload } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadErrorList, useUploadErrors } from '../../../components/upload-errors';
import { messageText } from '../../../lib/i18n';
import { formatFileSize } from '../file-size';

export interface PendingFile {
  uid: string;
  file: File;
  /** Set while or after the file is sent. */
  percent?: number;
  status?: 'uploading' | 'done' | 'error';
  errorCode?: string;
}

interface Props {
  files: PendingFile[];
  onChange: (files: PendingFile[]) => void;
  disabled?: boolean;
  /** Files the draft already holds: they count against the limit and their names are taken. */
  existingNames?: readonly string[];
}

const RULE = UPLOAD_RULES.QUOTE_REQUEST;

/**
 * Files chosen for a quote request before it is saved (a file can only be attached to a saved draft):
 * the same checks as the upload popup, then each file's progress while the form saves.
 */
export function PendingFiles({ files, onChange, disabled, existingNames = [] }: Props) {
  const { t } = useTranslation();
  const uploadErrors = useUploadErrors();
  // A multi-file drop calls beforeUpload once per file before the parent re-renders.
  const filesRef = useRef(files);
  filesRef.current = files;

  return (
    <Flex vertical gap={8}>
      <UploadErrorList errors={uploadErrors.errors} onDismiss={uploadErrors.dismiss} />
      <Upload
        accept={acceptAttribute(RULE.kinds)}
        multiple
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          const code = checkUpload({
            fileName: file.name,
            size: file.size,
            existingNames: [...existingNames, ...filesRef.current.map((f) => f.file.name)],
            ...RULE,
          });
          if (code) {
            uploadErrors.add(file.name, code);
          } else {
            filesRef.current = [...filesRef.current, { uid: file.uid, file }];
            onChange(filesRef.current);
          }
          return Upload.LIST_IGNORE;
        }}
      >
        <Button
          icon={<UploadOutlined />}
          disabled={disabled || existingNames.length + files.length >= RULE.maxFiles}
          data-testid="choose-files"
        >
          {t('industrialQuote.files.choose')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        {t('industrialQuote.upload.hint', {
          kinds: RULE.kinds.map((k) => k.toUpperCase()).join(', '),
          mb: UPLOAD_MAX_BYTES / 1024 / 1024,
          max: RULE.maxFiles,
        })}
      </Typography.Text>
      {files.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={files}
          data-testid="pending-files"
          renderItem={(f) => (
            <List.Item
              actions={
                f.status
                  ? []
                  : [
                      <Button
                        key="remove"
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        disabled={disabled}
                        aria-label={t('industrialQuote.files.remove')}
                        onClick={() => onChange(files.filter((x) => x.uid !== f.uid))}
                      />,
                    ]
              }
            >
              <Flex vertical style={{ width: '100%' }}>
                <span>
                  <PaperClipOutlined /> {f.file.name}{' '}
                  <Typography.Text type="secondary">({formatFileSize(f.file.size)})</Typography.Text>
                </span>
                {f.status && (
                  <Progress
                    size="small"
                    percent={f.percent ?? 0}
                    status={f.status === 'error' ? 'exception' : f.status === 'done' ? 'success' : 'active'}
                  />
                )}
                {f.errorCode && (
                  <Typography.Text type="danger">{messageText(t, f.errorCode)}</Typography.Text>
                )}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
