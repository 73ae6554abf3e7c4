import { Input } from 'antd';
import { formatVolume, sanitizeVolumeTyping, unformatVolume, VOLUME_INPUT_MAX_LENGTH } from './volume';

/**
 * Section 5 volume field: 8 characters typed, plain while editing, formatted (1,234.50) on blur. The field's
 * description, error and required state that Form.Item hands its control reach the input, so a reader hears them.
 */
export function VolumeInput({
  value,
  onChange,
  disabled,
  id,
  suffix,
  ...aria
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  suffix?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}) {
  return (
    <Input
      id={id}
      aria-label={aria['aria-label']}
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
      aria-required={aria['aria-required']}
      value={value}
      disabled={disabled}
      maxLength={VOLUME_INPUT_MAX_LENGTH}
      inputMode="decimal"
      suffix={suffix}
      style={{ textAlign: 'right' }}
      onFocus={() => value && onChange?.(unformatVolume(value))}
      onChange={(e) => onChange?.(sanitizeVolumeTyping(e.target.value))}
      onBlur={() => value && onChange?.(formatVolume(value))}
    />
  );
}
