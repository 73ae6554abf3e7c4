import type { DriverStop } from '@junkan/shared/api/drivers';
import { normalizePhoneInput } from '@junkan/shared/field-rules';
import { formatVolume } from '../../components/form/volume';
import { formatMeasureUnit, type Punctuation } from '../../lib/format';
import { BAG_KEYS } from './mark-form-values';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What was asked on a line: its bags by size (45L × 3袋) and its volume with the unit, or that none was given. */
export function askedText(
  line: Pick<DriverStop['lines'][number], 'bags' | 'volume' | 'unit'>,
  t: Translate,
  p: Punctuation,
): string {
  const parts = BAG_KEYS.filter((size) => (line.bags[size] ?? 0) > 0).map((size) =>
    t('driverDay.stop.bags', { size, count: line.bags[size] }),
  );
  if (line.volume != null)
    parts.push(`${formatVolume(String(line.volume))} ${formatMeasureUnit(line.unit)}`.trim());
  return parts.length > 0 ? parts.join(p.list) : t('driverDay.stop.noAmount');
}

/** The site on a map (the phone's map app opens it): searched by its address. */
export const mapHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** A tap calls the number. */
export const telHref = (tel: string) => `tel:${normalizePhoneInput(tel)}`;
