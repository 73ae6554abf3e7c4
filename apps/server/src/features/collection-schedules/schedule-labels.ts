import type { CollectionStatus, VehicleLimit } from '@junkan/shared/collection-rules';
import { siteAddress } from '../../lib/site-address';

/**
 * The Japanese words of the schedule's documents (the calendar feed, the day sheet). The screens have their
 * own in the web app's locales; these are printed, so they live with the documents, as the contract wording does.
 */
export const COLLECTION_STATUS_LABELS: Record<CollectionStatus, string> = {
  DESIRED_DATE: '希望日',
  ADJUSTING: '調整中',
  CONFIRMED: '確定',
  COLLECTED: '回収済',
  NOT_COLLECTED: '未回収',
  CANCELLED: 'キャンセル',
  RETURNED: '差戻し',
  SKIPPED: '休業日',
};

export const VEHICLE_LIMIT_LABELS: Record<VehicleLimit, string> = {
  NONE: '制限なし',
  LIGHT: '軽車両',
  T2: '2t車まで',
  T4: '4t車まで',
  T10: '10t車まで',
};

/** The group of a site whose postal code is in none of the transporter's collection areas. */
export const OUTSIDE_AREAS_LABEL = 'エリア外';

export interface CollectedAmount {
  /** Bag counts by size in litres. */
  bags: Record<string, number>;
  /** A volume in `unit`, when the line is measured rather than bagged. */
  volume: number | null;
  unit: string | null;
}

/** `45L×3、70L×1` for bags (smallest first), `1.5t` for a volume, both when a line has both. */
export function formatCollectedAmount(amount: CollectedAmount): string {
  const bags = Object.entries(amount.bags)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([size, n]) => `${size}L×${n}`);
  const volume = amount.volume != null && amount.volume > 0 ? [`${amount.volume}${amount.unit ?? ''}`] : [];
  return [...bags, ...volume].join('、');
}

/** `08:00〜10:00`, `08:00〜`, `〜10:00`, or '' when the site may be entered at any time. */
export function formatEntryHours(from: string | null, until: string | null): string {
  if (!from && !until) return '';
  return `${from ?? ''}〜${until ?? ''}`;
}

/** `〒104-0061 東京都中央区銀座1-2-3 銀座グリーンビル1F`: the postal code, then the address parts joined. */
export function formatSiteAddress(site: {
  postalCode: string;
  address1: string;
  address2: string;
  address3: string;
}): string {
  const address = siteAddress(site);
  return site.postalCode ? `〒${site.postalCode} ${address}` : address;
}
