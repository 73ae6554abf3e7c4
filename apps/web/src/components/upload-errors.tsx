import { Alert } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../lib/i18n';

interface UploadError {
  key: number;
  name: string;
  code: string;
}

/** Refused files of an upload area, each closable; `add` keeps every refusal of a multi-file drop. */
export function useUploadErrors() {
  const [errors, setErrors] = useState<UploadError[]>([]);
  const nextKey = useRef(0);
  const add = (name: string, code: string) =>
    setErrors((prev) => [...prev, { key: ++nextKey.current, name, code }]);
  const dismiss = (key: number) => setErrors((prev) => prev.filter((e) => e.key !== key));
  return { errors, add, dismiss };
}

export function UploadErrorList({
  errors,
  onDismiss,
}: {
  errors: UploadError[];
  onDismiss: (key: number) => void;
}) {
  const { t } = useTranslation();
  return errors.map((e) => (
    <Alert
      key={e.key}
      type="error"
      showIcon
      closable
      onClose={() => onDismiss(e.key)}
      message={messageText(t, e.code)}
      description={e.name}
      data-testid="upload-error"
    />
  ));
}
