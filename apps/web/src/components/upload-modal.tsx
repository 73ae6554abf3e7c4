import { InboxOutlined } from '@ant-design/icons';
import {
  acceptAttribute,
  checkUpload,
  normalizeFileName,
  UPLOAD_MAX_BYTES,
  type UploadErrorCode,
  type UploadFileKind,
} from '@junkan/shared/upload-rules';
import { Button, Flex, Modal, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { UploadErrorList, useUploadErrors } from './upload-errors';

export interface UploadPanelProps {
  /** Accepted kinds; a file of another kind shows upload_file_type_error. Default: pdf only. */
  kinds?: readonly UploadFileKind[];
  /** How many files the owner may hold in all (existing ones included). */
  maxCount: number;
  /** Names of the files already attached (same-name check). */
  existingNames: readonly string[];
  /** Sends one file; report progress in percent. A rejected ApiError's code is shown in the panel. */
  onUpload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  disabled?: boolean;
  /** Told when uploading starts or stops (the modal keeps itself open meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}

interface Item {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  percent: number;
}

const DEFAULT_KINDS: readonly UploadFileKind[] = ['pdf'];

/**
 * The body of the file upload popup: a drop area that checks each file as the server will (kind by name,
 * count, same name, 10 MB) before sending it, shows the three upload errors, and each file's progress.
 */
export function UploadPanel({
  kinds = DEFAULT_KINDS,
  maxCount,
  existingNames,
  onUpload,
  disabled,
  onBusyChange,
}: UploadPanelProps) {
  const { t } = useTranslation();
  const [items, setItemsState] = useState<Item[]>([]);
  const uploadErrors = useUploadErrors();
  // beforeUpload runs once per file of a multi-file drop before React re-renders: the ref is the truth.
  const itemsRef = useRef<Item[]>([]);

  const setItems = (update: (prev: Item[]) => Item[]) => {
    itemsRef.current = update(itemsRef.current);
    setItemsState(itemsRef.current);
    onBusyChange?.(itemsRef.current.some((i) => i.status === 'uploading'));
  };
  const addError = uploadErrors.add;

  /** Names held now: the owner's files and this panel's uploads that are sent or on their way. */
  const heldNames = () => {
    const byKey = new Map<string, string>();
    for (const name of existingNames) byKey.set(normalizeFileName(name), name);
    for (const item of itemsRef.current)
      if (item.status !== 'error') byKey.set(normalizeFileName(item.name), item.name);
    return [...byKey.values()];
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const code: UploadErrorCode | null = checkUpload({
      fileName: file.name,
      size: file.size,
      existingNames: heldNames(),
      kinds,
      maxFiles: maxCount,
    });
    if (code) {
      addError(file.name, code);
      return Upload.LIST_IGNORE;
    }
    setItems((prev) => [...prev, { uid: file.uid, name: file.name, status: 'uploading', percent: 0 }]);
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const raw = file as File & { uid: string };
    const patch = (change: Partial<Item>) =>
      setItems((prev) => prev.map((i) => (i.uid === raw.uid ? { ...i, ...change } : i)));
    onUpload(raw, (percent) => patch({ percent })).then(
      () => patch({ status: 'done', percent: 100 }),
      (error: unknown) => {
        patch({ status: 'error' });
        addError(raw.name, isApiError(error) ? error.code : 'unknown_error');
      },
    );
  };

  const fileList: UploadFile[] = items.map((i) => ({
    uid: i.uid,
    name: i.name,
    status: i.status,
    percent: i.percent,
  }));
  const full = heldNames().length >= maxCount;

  return (
    <Flex vertical gap={12}>
      <UploadErrorList errors={uploadErrors.errors} onDismiss={uploadErrors.dismiss} />
      <Upload.Dragger
        accept={acceptAttribute(kinds)}
        multiple={maxCount > 1}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        fileList={fileList}
        showUploadList={{ showRemoveIcon: false }}
        data-testid="upload-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('industrialQuote.upload.dropText')}</p>
        <p className="ant-upload-hint">
          {t('industrialQuote.upload.hint', {
            kinds: kinds.map((k) => k.toUpperCase()).join(', '),
            mb: UPLOAD_MAX_BYTES / 1024 / 1024,
            max: maxCount,
          })}
        </p>
      </Upload.Dragger>
      <Typography.Text type={full ? 'warning' : 'secondary'}>
        {t('industrialQuote.upload.count', { count: heldNames().length, max: maxCount })}
      </Typography.Text>
    </Flex>
  );
}

export interface UploadModalProps extends UploadPanelProps {
  open: boolean;
  onClose: () => void;
  title?: string;
}

/** The file upload popup (default pdf only). It cannot be closed while a file is on its way. */
export function UploadModal({ open, onClose, title, ...panel }: UploadModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={title ?? t('industrialQuote.upload.title')}
      onCancel={() => !busy && onClose()}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      footer={
        <Button onClick={onClose} disabled={busy} data-testid="upload-close">
          {t('industrialQuote.upload.close')}
        </Button>
      }
    >
      <UploadPanel {...panel} onBusyChange={setBusy} />
    </Modal>
  );
}
