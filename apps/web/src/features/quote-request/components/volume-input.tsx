import { VOLUME_PATTERN } from '@junkan/shared';
import { Input } from 'antd';

/** Section 5 volume: at most 8 characters; on blur padded to two decimals with thousands separators. */
export function formatVolume(raw: string): string {
  const plain = raw.replaceAll(',', '').trim();
  if (!VOLUME_PATTERN.test(plain)) return raw;
  // Up to 5 integer digits take two decimals; a longer integer (up to 7 digits) stays whole.
  const digits = plain.split('.')[0]?.length ?? 0;
  const fraction = digits > 5 ? 0 : 2;
  return new Intl.NumberFormat('ja-JP', { minimumFractionDigits: fraction, maximumFractionDigits: 2 }).format(
    Number(plain),
  );
}

export function VolumeInput({
  value,
  onChange,
  disabled,
  id,
  'aria-label': ariaLabel,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}) {
  return (
    <Input
      id={id}
      aria-label={ariaLabel}
      value={value}
      disabled={disabled}
      maxLength={8}
      inputMode="decimal"
      style={{ textAlign: 'right' }}
      onFocus={() => value && onChange?.(value.replaceAll(',', ''))}
      onChange={(e) => onChange?.(e.target.value.replace(/[^\d.,]/g, ''))}
      onBlur={() => value && onChange?.(formatVolume(value))}
    />
  );
}
