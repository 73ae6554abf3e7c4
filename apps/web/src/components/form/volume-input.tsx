import { Input } from 'antd';
import { formatVolume, sanitizeVolumeTyping, unformatVolume, VOLUME_INPUT_MAX_LENGTH } from './volume';

/** Section 5 volume field: 8 characters typed, plain while editing, formatted (1,234.50) on blur. */
export function VolumeInput({
  value,
  onChange,
  disabled,
  id,
  suffix,
  'aria-label': ariaLabel,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  suffix?: string;
  'aria-label'?: string;
}) {
  return (
    <Input
      id={id}
      aria-label={ariaLabel}
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
