import type { InquiryStatus } from '@junkan/shared';

// Notices show the same importance tag: it lives in components/.
export { ImportanceTag } from '../../../components/importance-tag';

export const INQUIRY_STATUS_COLORS: Record<InquiryStatus, string> = {
  AWAITING_RESPONSE: 'orange',
  RESPONSE_RECEIVED: 'blue',
  CLOSED: 'default',
};
