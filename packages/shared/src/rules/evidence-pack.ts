import { addMonths, previousDay } from '../contract-rules';
import type { MessageCode } from '../messages';

/** A pack's life: queued, built in the background, ready to download until it expires (or failed). */
export const EVIDENCE_PACK_STATUSES = ['QUEUED', 'BUILDING', 'READY', 'FAILED', 'EXPIRED'] as const;
export type EvidencePackStatus = (typeof EVIDENCE_PACK_STATUSES)[number];

/** One project, or every project of the company with records in a period. */
export const EVIDENCE_PACK_SCOPES = ['PROJECT', 'PERIOD'] as const;
export type EvidencePackScope = (typeof EVIDENCE_PACK_SCOPES)[number];

/** A period covers at most five years and a month: the retention period, with room for a month's edge. */
export const EVIDENCE_PACK_MAX_MONTHS = 61;
/** Days a ready pack stays downloadable; then its file is deleted and it shows EXPIRED. */
export const EVIDENCE_PACK_KEEP_DAYS = 7;
/** Packs of one company queued or building at once; more are refused until one is done. */
export const EVIDENCE_PACK_MAX_OPEN = 3;

/** Whether a pack's status can still move (the page keeps asking while one is). */
export const isEvidencePackOpen = (status: EvidencePackStatus) =>
  status === 'QUEUED' || status === 'BUILDING';

/** The last day a period starting `from` may reach. */
export const evidencePackPeriodEnd = (from: string) => previousDay(addMonths(from, EVIDENCE_PACK_MAX_MONTHS));

/** What is wrong with a period (dates already valid), or null. */
export function evidencePackPeriodIssue(from: string, to: string): MessageCode | null {
  if (to < from) return 'invalid_period';
  if (to > evidencePackPeriodEnd(from)) return 'evidence_pack_period_too_long';
  return null;
}

/** Progress in whole percent (0 before the items are counted; 100 only when every item is done). */
export function evidencePackPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.floor((done * 100) / total));
}
