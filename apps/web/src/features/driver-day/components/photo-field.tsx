import { CameraOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoPreview, resizePhoto } from '../photo-resize';
import css from './mark-form.module.css';

/** The photo of a mark as the form keeps it: the resized JPEG and its preview. */
export interface MarkPhoto {
  blob: Blob;
  preview: string;
}

/**
 * An optional photo: the camera (or the album) through a file input, made small on the phone at once (at most
 * DRIVER_MARK_MAX.photoSide px, JPEG), then shown; the button opens the input, which stays out of sight.
 */
export function PhotoField({
  value,
  onChange,
}: {
  value: MarkPhoto | null;
  onChange: (photo: MarkPhoto | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState('working');
    try {
      const blob = await resizePhoto(file);
      onChange({ blob, preview: await photoPreview(blob) });
      setState('idle');
    } catch {
      setState('failed');
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div style={{ marginBottom: 16 }}>
      <p id={labelId} style={{ margin: '0 0 8px' }}>
        {t('driverDay.form.photo')}
      </p>
      <input
        ref={input}
        className={css.fileInput}
        type="file"
        accept="image/*"
        capture="environment"
        tabIndex={-1}
        aria-labelledby={labelId}
        data-testid="driver-photo-input"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Flex wrap gap={8}>
        <Button
          size="large"
          icon={<CameraOutlined />}
          loading={state === 'working'}
          aria-describedby={labelId}
          onClick={() => input.current?.click()}
        >
          {t('driverDay.form.takePhoto')}
        </Button>
        {value && (
          <Button size="large" onClick={() => onChange(null)}>
            {t('driverDay.form.removePhoto')}
          </Button>
        )}
      </Flex>
      <div aria-live="polite">
        {state === 'working' && <Typography.Text>{t('driverDay.form.photoWorking')}</Typography.Text>}
        {state === 'failed' && (
          <Typography.Text type="danger">{t('driverDay.form.photoFailed')}</Typography.Text>
        )}
      </div>
      {value && (
        <img
          className={css.photo}
          src={value.preview}
          alt={t('driverDay.form.photoPreview')}
          data-testid="driver-photo-preview"
        />
      )}
    </div>
  );
}
