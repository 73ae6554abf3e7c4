import { BAG_SIZES } from '@junkan/shared/enums';
import { formatMeasureUnit } from '../../lib/format';
import { formatVolume } from '../form/volume';

/**
 * How a driver's record (a proof of collection) reads wherever it is shown: the collection's detail, the office's
 * conflicts and the regular report's draft. Plain functions of the texts, so each rule has its test.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Bag counts in bag-size order, each as the language writes it: 45L × 3袋、70L × 1袋. */
export function formatBagCounts(
  bags: Partial<Record<string, number | null>>,
  t: Translate,
  separator: string,
): string {
  return BAG_SIZES.map(String)
    .filter((size) => (bags[size] ?? 0) > 0)
    .map((size) => t('proofs.bags', { size, count: bags[size] }))
    .join(separator);
}

/** A weight or a volume as the forms show it: 1,234.50 (whole numbers of six digits or more without decimals). */
const amountText = (value: number) => formatVolume(String(value));

/**
 * One line of a record: its bags, its weight in kg and its volume with the line's unit; an empty list when the
 * driver recorded no amount on it.
 */
export function proofLineParts(
  line: {
    bags: Partial<Record<string, number | null>>;
    weightKg: number | null;
    volume: number | null;
    unit: string | null;
  },
  t: Translate,
  separator: string,
): string[] {
  const parts: string[] = [];
  const bags = formatBagCounts(line.bags, t, separator);
  if (bags) parts.push(bags);
  if (line.weightKg !== null && line.weightKg > 0)
    parts.push(t('proofs.weight', { value: amountText(line.weightKg) }));
  if (line.volume !== null && line.volume > 0)
    parts.push(`${amountText(line.volume)}${line.unit ? ` ${formatMeasureUnit(line.unit)}` : ''}`);
  return parts;
}

/** A map search for a recorded position (opens the map application on a phone, the map site on a PC). */
export function mapLink(position: { latitude: number; longitude: number }): string {
  const query = `${position.latitude},${position.longitude}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * The note under a regular report's weight filled from the drivers' records: how many weighed lines it sums and
 * the bags counted; the bags alone when nothing was weighed. Null without a draft.
 */
export function draftNote(
  draft: { weightKg: number; weighed: number; bags: Record<string, number> } | null,
  t: Translate,
  separator: string,
): string | null {
  if (!draft) return null;
  const bags = formatBagCounts(draft.bags, t, separator);
  if (draft.weighed === 0) return bags ? t('proofs.draftBagsOnly', { bags }) : null;
  return bags
    ? t('proofs.draftFilledBags', { count: draft.weighed, bags })
    : t('proofs.draftFilled', { count: draft.weighed });
}
