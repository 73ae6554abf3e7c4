import { z } from 'zod';
import { COMPANY_TYPES, INQUIRY_IMPORTANCES, INQUIRY_STATUSES } from '../enums';
import { INQUIRY_ACTIONS, INQUIRY_MAX_LENGTH, INQUIRY_SIDES } from '../inquiry-rules';
import { textSchema } from '../validation';
import { attachmentSchema, pageOf, pageQuery, sortQuerySchema } from './common';

/**
 * Inquiries: the discharger's calls under /inquiries, the transporter's under /trans/inquiries, support's under
 * /admin/inquiries (ruling 3). Opening and replying are multipart: `data` (JSON below) and at most one `file`.
 */

const L = INQUIRY_MAX_LENGTH;

const importanceSchema = z.enum(INQUIRY_IMPORTANCES, {
  error: (issue) => (issue.input == null || issue.input === '' ? 'MSG_00_21' : 'invalid_format'),
});

/** One message: non-blank, at most 512 characters (section 5). */
export const inquiryContentSchema = textSchema()
  .trim()
  .min(1, 'MSG_00_21')
  .max(L.content, 'max_length_exceeded');

/** `data` of POST /inquiries and /trans/inquiries; the opener chooses the importance (BLANK when not). */
export const inquiryCreateSchema = z.object({
  subject: textSchema().trim().min(1, 'MSG_00_21').max(L.subject, 'max_length_exceeded'),
  content: inquiryContentSchema,
  importance: importanceSchema.default('BLANK'),
});
export type InquiryCreateInput = z.input<typeof inquiryCreateSchema>;

/** `data` of POST .../inquiries/{id}/replies. */
export const inquiryReplySchema = z.object({ content: inquiryContentSchema });

/** PUT /admin/inquiries/{id}/importance. */
export const inquiryImportanceInputSchema = z.object({ importance: importanceSchema });

export const INQUIRY_SORT_KEYS = ['lastMessageAt', 'createdAt', 'id', 'importance'] as const;
export type InquirySortKey = (typeof INQUIRY_SORT_KEYS)[number];

/**
 * GET /inquiries, /trans/inquiries: the company's inquiries, newest activity first. `query` matches the subject,
 * the opening content and the id (written with or without its zeros: 00012).
 */
export const inquiryListQuerySchema = pageQuery(20)
  .extend({
    status: z.enum(INQUIRY_STATUSES, { error: 'invalid_format' }).optional(),
    importance: z.enum(INQUIRY_IMPORTANCES, { error: 'invalid_format' }).optional(),
    query: textSchema().trim().max(L.query, 'max_length_exceeded').optional(),
  })
  .extend(sortQuerySchema(INQUIRY_SORT_KEYS, 'lastMessageAt', 'desc').shape);

/** GET /admin/inquiries: every company's; `query` matches the company name too; `companyType` keeps one side. */
export const adminInquiryListQuerySchema = inquiryListQuerySchema.extend({
  companyType: z.enum(COMPANY_TYPES, { error: 'invalid_format' }).optional(),
});

export const inquiryListItemSchema = z.object({
  id: z.number().int(),
  importance: z.enum(INQUIRY_IMPORTANCES),
  status: z.enum(INQUIRY_STATUSES),
  subject: z.string(),
  /** The opening message. */
  content: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  companyType: z.enum(COMPANY_TYPES),
  /** Who opened it. */
  username: z.string(),
  createdDate: z.string(),
  lastMessageAt: z.string(),
  /** Who wrote last: the company's side or support. */
  lastSide: z.enum(INQUIRY_SIDES),
  fileCount: z.number().int(),
});
export type InquiryListItem = z.infer<typeof inquiryListItemSchema>;

export const inquiryPageSchema = pageOf(inquiryListItemSchema);
export type InquiryPage = z.infer<typeof inquiryPageSchema>;

/** A message, or a change written into the history (closed, importance set). */
export const INQUIRY_HISTORY_KINDS = ['MESSAGE', 'CLOSED', 'IMPORTANCE', 'DELETED'] as const;
export type InquiryHistoryKind = (typeof INQUIRY_HISTORY_KINDS)[number];

/** One entry of `inquiryHistoryDtos` (section 3's names): who, in which role, when, what, with its files. */
export const inquiryHistoryEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(INQUIRY_HISTORY_KINDS),
  userId: z.number().int().nullable(),
  userName: z.string(),
  /** A driver never writes an inquiry: the sides are the inquiry's. */
  userRoles: z.array(z.object({ role: z.enum(INQUIRY_SIDES) })),
  content: z.string(),
  /** The importance set, on an IMPORTANCE entry. */
  importance: z.enum(INQUIRY_IMPORTANCES).nullable(),
  createdDate: z.string(),
  files: z.array(attachmentSchema),
});
export type InquiryHistoryEntry = z.infer<typeof inquiryHistoryEntrySchema>;

export const inquiryDetailSchema = inquiryListItemSchema.extend({
  company: z.object({ name: z.string(), tel: z.string(), email: z.string() }),
  /** Oldest first. */
  inquiryHistoryDtos: z.array(inquiryHistoryEntrySchema),
  /** What the caller may do now (the shared INQUIRY_RULES for its side). */
  actions: z.array(z.enum(INQUIRY_ACTIONS)),
  /** The bytes its files hold together (the 100 MB rule). */
  filesTotalBytes: z.number().int(),
});
export type InquiryDetail = z.infer<typeof inquiryDetailSchema>;
