import { VOLUME_PATTERN } from '@junkan/shared/api/projects';

/** Section 5: a volume field takes at most 8 characters. */
export const VOLUME_INPUT_MAX_LENGTH = 8;

/**
 * Section 5 volume as typed: commas and leading zeros stripped, then up to 5 integer digits padded to two
 * decimals, or an integer of 6 or 7 digits left whole, with thousands separators. Text that is not a volume
 * is left as typed, for the field's check to report.
 */
export function formatVolume(raw: string): string {
  const plain = raw
    .replaceAll(',', '')
    .trim()
    .replace(/^0+(?=\d)/, '');
  if (plain === '' || !VOLUME_PATTERN.test(plain)) return raw.trim();
  const digits = plain.split('.')[0]?.length ?? 0;
  const fraction = digits > 5 ? 0 : 2;
  return new Intl.NumberFormat('ja-JP', { minimumFractionDigits: fraction, maximumFractionDigits: 2 }).format(
    Number(plain),
  );
}

/** What typing may put in the field: digits, decimal point, commas; at most 8 characters. */
export const sanitizeVolumeTyping = (raw: string) =>
  raw.replace(/[^\d.,]/g, '').slice(0, VOLUME_INPUT_MAX_LENGTH);

/** The text edited on focus: the formatted value without separators. */
export const unformatVolume = (shown: string) => shown.replaceAll(',', '');
