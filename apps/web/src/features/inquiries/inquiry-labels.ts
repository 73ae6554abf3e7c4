import type { InquiryHistoryEntry } from '@junkan/shared/api/inquiries';
import type { InquiryAction, InquirySide } from '@junkan/shared/inquiry-rules';

/**
 * The words of each side's actions: a discharger marks its inquiry solved and cancels it (section 4); a
 * transporter and support close and delete.
 */
export function inquiryActionLabelKey(
  side: InquirySide,
  action: Exclude<InquiryAction, 'REPLY' | 'SET_IMPORTANCE'>,
) {
  if (side === 'WASTE') return action === 'CLOSE' ? 'inquiries.action.markSolved' : 'inquiries.action.cancel';
  return action === 'CLOSE' ? 'inquiries.action.close' : 'inquiries.action.delete';
}

/** Which side wrote an entry: support, or the company (an admin acting for it is still the company). */
export const entrySide = (entry: Pick<InquiryHistoryEntry, 'userRoles'>): InquirySide =>
  entry.userRoles[0]?.role ?? 'ADMIN';

/** The line a change shows in the history ("closed by", "importance set to"). */
export function historyEventKey(entry: Pick<InquiryHistoryEntry, 'kind' | 'userRoles'>): string | null {
  if (entry.kind === 'CLOSED')
    return entrySide(entry) === 'WASTE' ? 'inquiries.event.solved' : 'inquiries.event.closed';
  if (entry.kind === 'IMPORTANCE') return 'inquiries.event.importance';
  return null;
}

/** Bytes as the upload hints show them: one decimal in MB. */
export const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
