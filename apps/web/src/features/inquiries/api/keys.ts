import type { InquirySide } from '@junkan/shared/inquiry-rules';

/** Every inquiry query sits under this key, so a write refreshes the lists, the home table and the detail. */
export const INQUIRIES_KEY = ['inquiries'] as const;

/** The side's calls: the discharger's /inquiries, the transporter's /trans/inquiries, support's /admin/inquiries. */
export const inquiryBase = (side: InquirySide) =>
  side === 'ADMIN' ? '/admin/inquiries' : side === 'TRANSPORT' ? '/trans/inquiries' : '/inquiries';
