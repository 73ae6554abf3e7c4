import type { Role } from '../enums';

/** Who a notice is written for: dischargers, transporters, or both. */
export const NOTICE_AUDIENCES = ['ALL', 'DISCHARGERS', 'TRANSPORTERS'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/**
 * Where a notice stands on a Japan date: not yet (SCHEDULED), shown (PUBLISHED), past its last day (ENDED), or
 * taken down by an administrator whatever its window says (WITHDRAWN).
 */
export const NOTICE_STATUSES = ['SCHEDULED', 'PUBLISHED', 'ENDED', 'WITHDRAWN'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

export interface NoticeWindow {
  /** First Japan date it is shown (YYYY-MM-DD). */
  publishFrom: string;
  /** Last Japan date it is shown, inclusive; null for no end. */
  publishUntil: string | null;
  /** When an administrator unpublished it; null while not. */
  withdrawnAt: string | null;
}

/** The notice's status on `today` (a Japan date, YYYY-MM-DD: such strings compare in date order). */
export function noticeStatus(notice: NoticeWindow, today: string): NoticeStatus {
  if (notice.withdrawnAt) return 'WITHDRAWN';
  if (today < notice.publishFrom) return 'SCHEDULED';
  if (notice.publishUntil !== null && today > notice.publishUntil) return 'ENDED';
  return 'PUBLISHED';
}

export const isNoticePublished = (notice: NoticeWindow, today: string): boolean =>
  noticeStatus(notice, today) === 'PUBLISHED';

/**
 * The audiences a role reads. An operator reads the notices written for its side or for both; an administrator
 * (who writes them) reads every one. An admin acting for an operator reads as that operator: pass its role.
 */
export function noticeAudiencesFor(role: Role): readonly NoticeAudience[] {
  if (role === 'WASTE') return ['ALL', 'DISCHARGERS'];
  if (role === 'TRANSPORT') return ['ALL', 'TRANSPORTERS'];
  return NOTICE_AUDIENCES;
}

export const isNoticeFor = (audience: NoticeAudience, role: Role): boolean =>
  noticeAudiencesFor(role).includes(audience);

/** Update information is shown from its date on: a later date is written ahead and appears on the day. */
export const isUpdateInfoShown = (date: string, today: string): boolean => date <= today;
