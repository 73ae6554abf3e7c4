import { INQUIRY_STATUSES, type InquiryStatus } from './enums';
import { fileKindOfName, hasSameFileName, UPLOAD_RULES } from './upload-rules';

/**
 * Inquiries (sections 3 to 5): a discharger or a transporter asks the platform's support (admins), and the two
 * sides write to each other until someone closes it.
 */

/** Who acts on an inquiry: the company side that opened it, or the platform's support. */
export const INQUIRY_SIDES = ['WASTE', 'TRANSPORT', 'ADMIN'] as const;
export type InquirySide = (typeof INQUIRY_SIDES)[number];

export const INQUIRY_ACTIONS = ['REPLY', 'CLOSE', 'DELETE', 'SET_IMPORTANCE'] as const;
export type InquiryAction = (typeof INQUIRY_ACTIONS)[number];

const OPEN: readonly InquiryStatus[] = ['AWAITING_RESPONSE', 'RESPONSE_RECEIVED'];
const ANY: readonly InquiryStatus[] = INQUIRY_STATUSES;
const NEVER: readonly InquiryStatus[] = [];

/**
 * Who may do what, in which status (section 4). Nobody writes to a CLOSED inquiry. A discharger cancels (DELETE)
 * or marks it solved (CLOSE); a transporter closes or deletes its company's own; support replies, closes, deletes
 * and sets the importance (the opener chooses it once, when opening). Anything not listed is refused.
 */
export const INQUIRY_RULES: Readonly<
  Record<InquirySide, Readonly<Record<InquiryAction, readonly InquiryStatus[]>>>
> = {
  WASTE: { REPLY: OPEN, CLOSE: OPEN, DELETE: ANY, SET_IMPORTANCE: NEVER },
  TRANSPORT: { REPLY: OPEN, CLOSE: OPEN, DELETE: ANY, SET_IMPORTANCE: NEVER },
  ADMIN: { REPLY: OPEN, CLOSE: OPEN, DELETE: ANY, SET_IMPORTANCE: ANY },
};

export function canActOnInquiry(side: InquirySide, action: InquiryAction, status: InquiryStatus): boolean {
  return INQUIRY_RULES[side][action].includes(status);
}

/** What `side` may do with an inquiry in `status`, in the order of INQUIRY_ACTIONS. */
export function inquiryActions(side: InquirySide, status: InquiryStatus): InquiryAction[] {
  return INQUIRY_ACTIONS.filter((action) => canActOnInquiry(side, action, status));
}

/**
 * The status after `side` did `action`: the status follows who spoke last (support's reply is RESPONSE_RECEIVED,
 * the company's is AWAITING_RESPONSE again); closing is CLOSED; deleting and the importance leave it.
 */
export function inquiryStatusAfter(
  side: InquirySide,
  action: InquiryAction,
  status: InquiryStatus,
): InquiryStatus {
  if (action === 'REPLY') return side === 'ADMIN' ? 'RESPONSE_RECEIVED' : 'AWAITING_RESPONSE';
  if (action === 'CLOSE') return 'CLOSED';
  return status;
}

/** Inquiry ids show as five digits, zero-padded (home's inquiry table). */
export function formatInquiryId(id: number): string {
  return String(id).padStart(5, '0');
}

/** Subject, one message (the opening content or a reply: section 5, 512) and the list's search words. */
export const INQUIRY_MAX_LENGTH = { subject: 100, content: 512, query: 64 } as const;

/**
 * The files of one inquiry together (every message's): at most 100 MB (section 5: max_100MB_upload). One file
 * may use all of it, so a 100 MB video fits when it is the inquiry's only file.
 */
export const INQUIRY_FILES_MAX_TOTAL_BYTES = UPLOAD_RULES.INQUIRY.maxBytes;

export type InquiryUploadError =
  | 'MSG_28_5'
  | 'upload_file_type_error'
  | 'upload_file_same_name_error'
  | 'max_100MB_upload';

export interface InquiryFileFacts {
  fileName: string;
  /** Bytes; unknown (undefined) while the server is still reading the file. */
  size?: number;
}

/** Bytes the inquiry's next file may have: what its files leave of the 100 MB. */
export function inquiryUploadBudget(existing: readonly { size: number }[]): number {
  const held = existing.reduce((sum, f) => sum + f.size, 0);
  return Math.max(0, Math.min(UPLOAD_RULES.INQUIRY.maxBytes, INQUIRY_FILES_MAX_TOTAL_BYTES - held));
}

/**
 * Whether the files of one message may be added to an inquiry already holding `existing` (section 5): one file
 * per upload (MSG_28_5), jpg png pdf xlsx doc mp4 mov by name, no name the inquiry already has, and all files
 * together within 100 MB (max_100MB_upload). Null when they may. The server also checks the content.
 */
export function checkInquiryUpload(
  files: readonly InquiryFileFacts[],
  existing: readonly { fileName: string; size: number }[],
): InquiryUploadError | null {
  if (files.length > UPLOAD_RULES.INQUIRY.maxFiles) return 'MSG_28_5';
  const [file] = files;
  if (!file) return null;
  const kind = fileKindOfName(file.fileName);
  if (!kind || !UPLOAD_RULES.INQUIRY.kinds.includes(kind)) return 'upload_file_type_error';
  if (
    hasSameFileName(
      file.fileName,
      existing.map((f) => f.fileName),
    )
  )
    return 'upload_file_same_name_error';
  if (file.size !== undefined && file.size > inquiryUploadBudget(existing)) return 'max_100MB_upload';
  return null;
}
