import { UploadOutlined } from '@ant-design/icons';
import { acceptAttribute, UPLOAD_RULES } from '@junkan/shared/upload-rules';
import { Button, Upload, type UploadFile } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { invoiceFileIssue } from '../invoice-form-values';

/**
 * The files of one invoice, kept in the form (antd UploadFile with the File inside) until the form is sent:
 * nothing uploads on its own. A file the invoice rule refuses (kind, size, count, same name) is not added.
 */
export function InvoiceFilesField({
  value,
  onChange,
  id,
  existingNames = [],
}: {
  value?: UploadFile[];
  onChange?: (files: UploadFile[]) => void;
  id?: string;
  /** Names of files the invoice keeps (a correction): they count toward the limit and the same-name rule. */
  existingNames?: readonly string[];
}) {
  const { t } = useTranslation();
  const message = useToast();
  const files = value ?? [];
  // Several files picked together each pass beforeUpload before the next render: count them all.
  const latest = useRef(files);
  latest.current = files;
  return (
    <Upload
      id={id}
      multiple
      accept={acceptAttribute(UPLOAD_RULES.INVOICE.kinds)}
      fileList={files}
      beforeUpload={(file) => {
        const names = [...existingNames, ...latest.current.map((f) => f.name)];
        const issue = invoiceFileIssue({ name: file.name, size: file.size }, names);
        if (issue) {
          void message.error(`${file.name}: ${messageText(t, issue)}`);
          return Upload.LIST_IGNORE;
        }
        const next = [
          ...latest.current,
          { uid: file.uid, name: file.name, size: file.size, status: 'done' as const, originFileObj: file },
        ];
        latest.current = next;
        onChange?.(next);
        return false;
      }}
      onRemove={(file) => onChange?.(files.filter((f) => f.uid !== file.uid))}
    >
      <Button icon={<UploadOutlined />}>{t('invoices.form.selectFiles')}</Button>
    </Upload>
  );
}
