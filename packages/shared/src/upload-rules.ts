import { INVOICE_MAX_FILES } from './invoice-rules';

/** Upload rules (section 5): a quote request takes up to 4 files of these kinds, 10 MB each, names unique. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const QUOTE_REQUEST_MAX_FILES = 4;
export const UPLOAD_FILE_KINDS = ['jpg', 'png', 'pdf', 'xlsx', 'doc', 'mp4', 'mov'] as const;
export type UploadFileKind = (typeof UPLOAD_FILE_KINDS)[number];

/** What a file is uploaded for; each use has its own kinds and count (section 5). */
export const UPLOAD_USES = [
  'QUOTE_REQUEST',
  'QUOTE_DOCUMENT',
  'PERMIT',
  'INQUIRY',
  'INVOICE',
  'DRIVER_PHOTO',
] as const;
export type UploadUse = (typeof UPLOAD_USES)[number];

export interface UploadRule {
  kinds: readonly UploadFileKind[];
  maxFiles: number;
  /** The largest file, in bytes: each use has its own (videos for inquiries are far larger than documents). */
  maxBytes: number;
}

/** Inquiries may carry a video of the site (100 MB); uploads are streamed, so this needs no memory. */
export const INQUIRY_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** A driver's photo of a stop, resized on the phone before it is sent (DRIVER_MARK_MAX.photoSide). */
const DRIVER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const UPLOAD_RULES: Record<UploadUse, UploadRule> = {
  QUOTE_REQUEST: { kinds: UPLOAD_FILE_KINDS, maxFiles: QUOTE_REQUEST_MAX_FILES, maxBytes: UPLOAD_MAX_BYTES },
  QUOTE_DOCUMENT: { kinds: ['pdf'], maxFiles: 1, maxBytes: UPLOAD_MAX_BYTES },
  PERMIT: { kinds: ['pdf'], maxFiles: 1, maxBytes: UPLOAD_MAX_BYTES },
  INQUIRY: { kinds: UPLOAD_FILE_KINDS, maxFiles: 1, maxBytes: INQUIRY_UPLOAD_MAX_BYTES },
  /** An invoice's files: documents and scans, up to 5 an invoice. */
  INVOICE: { kinds: ['pdf', 'jpg', 'png', 'xlsx'], maxFiles: INVOICE_MAX_FILES, maxBytes: UPLOAD_MAX_BYTES },
  /** A driver's proof photo of a stop: one image a mark (a second replaces it). */
  DRIVER_PHOTO: { kinds: ['jpg', 'png'], maxFiles: 1, maxBytes: DRIVER_PHOTO_MAX_BYTES },
};

/** File name extensions of each kind (lower case, without the dot). */
export const UPLOAD_KIND_EXTENSIONS: Record<UploadFileKind, readonly string[]> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  pdf: ['pdf'],
  xlsx: ['xlsx'],
  doc: ['doc'],
  mp4: ['mp4'],
  mov: ['mov'],
};

/** The media type a stored file of each kind is served with (never the type the browser claimed). */
export const UPLOAD_KIND_MIME_TYPES: Record<UploadFileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/** The kind a file name claims by its extension, or null when it is not an allowed kind. */
export function fileKindOfName(fileName: string): UploadFileKind | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  const ext = fileName.slice(dot + 1).toLowerCase();
  for (const kind of UPLOAD_FILE_KINDS) if (UPLOAD_KIND_EXTENSIONS[kind].includes(ext)) return kind;
  return null;
}

/** The `accept` attribute of a file input for these kinds (".pdf,.png"). */
export function acceptAttribute(kinds: readonly UploadFileKind[]): string {
  return kinds.flatMap((k) => UPLOAD_KIND_EXTENSIONS[k].map((ext) => `.${ext}`)).join(',');
}

/** Names are compared after Unicode NFC normalisation and case folding: "見積.PDF" equals "見積.pdf". */
export function normalizeFileName(fileName: string): string {
  return fileName.normalize('NFC').toLowerCase();
}

export function hasSameFileName(fileName: string, existingNames: readonly string[]): boolean {
  const name = normalizeFileName(fileName);
  return existingNames.some((n) => normalizeFileName(n) === name);
}

export type UploadErrorCode =
  | 'MSG_28_5'
  | 'upload_file_type_error'
  | 'upload_file_same_name_error'
  | 'file_too_large';

export interface UploadCandidate {
  fileName: string;
  /** Bytes; unknown (undefined) while the server is still reading the file. */
  size?: number;
  /** Names of the files already attached. */
  existingNames: readonly string[];
  kinds: readonly UploadFileKind[];
  maxFiles: number;
  /** The use's size limit; 10 MB when not given. */
  maxBytes?: number;
}

/**
 * Whether one more file may be added: the count first (no file fits when the list is full),
 * then the kind by its name, the name against the others, and the use's size limit (10 MB unless given). Null when it may.
 * The server also checks the content agrees with the kind (see the attachments feature).
 */
export function checkUpload(c: UploadCandidate): UploadErrorCode | null {
  if (c.existingNames.length >= c.maxFiles) return 'MSG_28_5';
  const kind = fileKindOfName(c.fileName);
  if (!kind || !c.kinds.includes(kind)) return 'upload_file_type_error';
  if (hasSameFileName(c.fileName, c.existingNames)) return 'upload_file_same_name_error';
  if (c.size !== undefined && c.size > (c.maxBytes ?? UPLOAD_MAX_BYTES)) return 'file_too_large';
  return null;
}
