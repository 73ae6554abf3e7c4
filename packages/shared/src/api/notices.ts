import { z } from 'zod';
import { INQUIRY_IMPORTANCES } from '../enums';
import { NOTICE_AUDIENCES, NOTICE_STATUSES } from '../rules/notice-rules';
import { isoDateSchema, textSchema } from '../validation';
import { pageOf, pageQuery } from './common';

export const NOTICE_MAX_LENGTH = { subject: 128, content: 4000, updateInfoContent: 1000 } as const;

const enumField = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input == null || issue.input === '' ? 'MSG_00_21' : 'invalid_format'),
  });

const requiredText = (max: number) => textSchema().trim().min(1, 'MSG_00_21').max(max, 'max_length_exceeded');

/** POST /admin/notices and PUT /admin/notices/{id}. Dates are Japan dates; the last day is shown too. */
export const noticeInputSchema = z
  .object({
    importance: enumField(INQUIRY_IMPORTANCES),
    /** The date the notice carries (shown beside it). */
    date: isoDateSchema(),
    subject: requiredText(NOTICE_MAX_LENGTH.subject),
    content: requiredText(NOTICE_MAX_LENGTH.content),
    audience: enumField(NOTICE_AUDIENCES),
    publishFrom: isoDateSchema(),
    /** Null (or empty) for no end. */
    publishUntil: z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDateSchema().nullable()),
  })
  .superRefine((v, ctx) => {
    if (v.publishUntil !== null && v.publishUntil < v.publishFrom)
      ctx.addIssue({ code: 'custom', path: ['publishUntil'], message: 'publish_until_before_from' });
  });
export type NoticeInput = z.input<typeof noticeInputSchema>;
export type NoticeValues = z.infer<typeof noticeInputSchema>;

/** A notice as its readers see it, with whether this user has opened it. */
export const noticeSchema = z.object({
  id: z.number(),
  importance: z.enum(INQUIRY_IMPORTANCES),
  date: z.string(),
  subject: z.string(),
  content: z.string(),
  isRead: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /notices: the notices published today for the caller's side, newest first. */
export const noticeListQuerySchema = pageQuery(20);
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;
export const noticePageSchema = pageOf(noticeSchema).extend({
  /** Published notices for the caller that this user has not opened, on every page. */
  unreadCount: z.number().int(),
});
export type NoticePage = z.infer<typeof noticePageSchema>;

/** A notice as the administrators manage it. */
export const adminNoticeSchema = noticeSchema.omit({ isRead: true }).extend({
  audience: z.enum(NOTICE_AUDIENCES),
  publishFrom: z.string(),
  publishUntil: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** On the Japan date of the answer. */
  status: z.enum(NOTICE_STATUSES),
  /** How many users have opened it. */
  readCount: z.number().int(),
  updatedAt: z.string(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

export const adminNoticeListQuerySchema = pageQuery(20).extend({
  status: z.enum(NOTICE_STATUSES, { error: 'invalid_format' }).optional(),
});
export type AdminNoticeListQuery = z.infer<typeof adminNoticeListQuerySchema>;
export const adminNoticePageSchema = pageOf(adminNoticeSchema);
export type AdminNoticePage = z.infer<typeof adminNoticePageSchema>;

/** POST /admin/update-infos and PUT /admin/update-infos/{id}: shown from its date on. */
export const updateInfoInputSchema = z.object({
  date: isoDateSchema(),
  content: requiredText(NOTICE_MAX_LENGTH.updateInfoContent),
});
export type UpdateInfoInput = z.input<typeof updateInfoInputSchema>;

export const updateInfoSchema = z.object({ id: z.number(), date: z.string(), content: z.string() });
export type UpdateInfo = z.infer<typeof updateInfoSchema>;
export const updateInfoListSchema = z.array(updateInfoSchema);

/** GET /admin/update-infos: every entry, those dated later included. */
export const adminUpdateInfoSchema = updateInfoSchema.extend({ isShown: z.boolean(), updatedAt: z.string() });
export type AdminUpdateInfo = z.infer<typeof adminUpdateInfoSchema>;
export const adminUpdateInfoListQuerySchema = pageQuery(20);
export const adminUpdateInfoPageSchema = pageOf(adminUpdateInfoSchema);
export type AdminUpdateInfoPage = z.infer<typeof adminUpdateInfoPageSchema>;
