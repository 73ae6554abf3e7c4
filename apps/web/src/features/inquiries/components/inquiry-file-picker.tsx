import { PaperClipOutlined } from '@ant-design/icons';
import {
  checkInquiryUpload,
  INQUIRY_FILES_MAX_TOTAL_BYTES,
  inquiryUploadBudget,
} from '@junkan/shared/inquiry-rules';
import { acceptAttribute, UPLOAD_RULES } from '@junkan/shared/upload-rules';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import { megabytes } from '../inquiry-labels';

/**
 * The one file of a message (section 5): chosen, checked as the server will (kind by name, a name the inquiry
 * already holds, the room left of its 100 MB) and kept until the message is sent; nothing is sent on choosing.
 */
export function InquiryFilePicker({
  existing,
  value,
  onChange,
  disabled,
}: {
  existing: readonly { fileName: string; size: number }[];
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<{ name: string; code: string } | null>(null);
  const left = inquiryUploadBudget(existing);
  return (
    <Flex vertical gap={6} data-testid="inquiry-file">
      <Upload
        accept={acceptAttribute(UPLOAD_RULES.INQUIRY.kinds)}
        maxCount={1}
        disabled={disabled}
        beforeUpload={(file) => {
          const code = checkInquiryUpload([{ fileName: file.name, size: file.size }], existing);
          if (code) {
            setRefused({ name: file.name, code });
            return Upload.LIST_IGNORE;
          }
          setRefused(null);
          onChange(file);
          // Kept until the message is sent with it.
          return false;
        }}
        onRemove={() => onChange(null)}
        fileList={value ? [{ uid: 'inquiry-file', name: value.name, status: 'done', size: value.size }] : []}
      >
        <Button icon={<PaperClipOutlined />} disabled={disabled}>
          {t('inquiries.file.choose')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('inquiries.file.hint', {
          kinds: UPLOAD_RULES.INQUIRY.kinds.map((k) => k.toUpperCase()).join(', '),
          total: megabytes(INQUIRY_FILES_MAX_TOTAL_BYTES).replace(/\.0$/, ''),
          left: megabytes(left),
        })}
      </Typography.Text>
      {refused && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefused(null) }}
          title={`${refused.name}: ${messageText(t, refused.code)}`}
          data-testid="inquiry-file-refused"
        />
      )}
    </Flex>
  );
}
