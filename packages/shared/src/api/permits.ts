import { z } from 'zod';
import { PERMIT_DISTRICT_CODES } from '../rules/permit-districts';
import { PERMIT_KINDS, PERMIT_STATUSES } from '../rules/permit-rules';
import { idSchema, isoDateSchema, textSchema } from '../validation';
import { attachmentSchema, pageOf, pageQuerySchema, sortQuerySchema } from './common';

export const PERMIT_MAX_LENGTH = { licenseNumber: 32, storageSite: 254, query: 64 } as const;
/** A permit names at most this many waste kinds (the major classes of the waste master are fewer). */
export const PERMIT_MAX_WASTE_KINDS = 50;
/** License numbers are written in half-width digits, optionally grouped by hyphens (01320012345). */
export const LICENSE_NUMBER_PATTERN = /^[0-9]+(-[0-9]+)*$/;

const L = PERMIT_MAX_LENGTH;

/**
 * The `data` part of POST /trans/permits and PUT /trans/permits/{id} (multipart; the PDF is the `file` part).
 * The same license number in the same district is refused by the server (license_already_used).
 */
export const permitInputSchema = z
  .object({
    districtCode: z.enum(PERMIT_DISTRICT_CODES, {
      error: (issue) => (issue.input == null || issue.input === '' ? 'MSG_00_21' : 'invalid_format'),
    }),
    licenseNumber: z
      .string({ error: 'MSG_00_21' })
      .trim()
      .min(1, 'MSG_00_21')
      .max(L.licenseNumber, 'max_length_exceeded')
      .regex(LICENSE_NUMBER_PATTERN, 'invalid_format'),
    kind: z.enum(PERMIT_KINDS, {
      error: (issue) => (issue.input == null || issue.input === '' ? 'MSG_00_21' : 'invalid_format'),
    }),
    issueDate: isoDateSchema(),
    expiryDate: isoDateSchema(),
    transshipment: z.boolean({ error: 'invalid_format' }).default(false),
    /** The transshipment storage site (積替え保管場所); required with transshipment, cleared without. */
    storageSite: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      textSchema().trim().max(L.storageSite, 'max_length_exceeded'),
    ),
    /** Major classes (大分類) of the waste master the permit covers. */
    wasteKindIds: z
      .array(idSchema, { error: 'MSG_00_21' })
      .min(1, 'MSG_00_21')
      .max(PERMIT_MAX_WASTE_KINDS, 'invalid_format')
      .refine((ids) => new Set(ids).size === ids.length, 'same_waste_twice'),
  })
  .superRefine((v, ctx) => {
    if (v.expiryDate <= v.issueDate)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'expiry_before_issue' });
    if (v.transshipment && v.storageSite === '')
      ctx.addIssue({ code: 'custom', path: ['storageSite'], message: 'MSG_00_21' });
  })
  .transform((v) => ({ ...v, storageSite: v.transshipment ? v.storageSite : '' }));
export type PermitInput = z.input<typeof permitInputSchema>;
export type PermitValues = z.infer<typeof permitInputSchema>;

export const permitSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  districtCode: z.string(),
  licenseNumber: z.string(),
  kind: z.enum(PERMIT_KINDS),
  issueDate: z.string(),
  expiryDate: z.string(),
  transshipment: z.boolean(),
  storageSite: z.string(),
  wasteKinds: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** On the Japan date of the answer. */
  status: z.enum(PERMIT_STATUSES),
  /** Days from today to the expiry date (negative once expired). */
  daysLeft: z.number().int(),
  file: attachmentSchema.nullable(),
  retiredAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The last day it is kept (the shared retention rule, `keptUntil`). */
  keptUntil: z.string(),
});
export type Permit = z.infer<typeof permitSchema>;

export const PERMIT_SORT_KEYS = [
  'expiryDate',
  'issueDate',
  'licenseNumber',
  'districtCode',
  'updatedAt',
] as const;

const flag = z.enum(['true', 'false'], { error: 'invalid_format' }).optional();

/**
 * GET /trans/permits?page=&size=&sort=&order=&query=&retired=&expiring= : `query` matches the license number;
 * retired permits only with retired=true; expiring=true keeps live permits expiring within 90 days or expired.
 */
export const permitListQuerySchema = pageQuerySchema
  .extend({
    query: textSchema().trim().max(L.query, 'max_length_exceeded').optional(),
    retired: flag,
    expiring: flag,
  })
  .extend(sortQuerySchema(PERMIT_SORT_KEYS, 'expiryDate').shape);
export type PermitListQuery = z.infer<typeof permitListQuerySchema>;

export const permitPageSchema = pageOf(permitSchema);
export type PermitPage = z.infer<typeof permitPageSchema>;

/** GET /trans/permits/usable?on=YYYY-MM-DD&kind=: permits that can back a contract on that date. */
export const usablePermitQuerySchema = z.object({
  on: isoDateSchema(),
  kind: z.enum(PERMIT_KINDS, { error: 'invalid_format' }).optional(),
});
export type UsablePermitQuery = z.infer<typeof usablePermitQuerySchema>;

/** The permit counts by warning step the admin's transport operator master shows. */
export const permitExpiryCountsSchema = z.object({
  days90: z.number().int(),
  days30: z.number().int(),
  expired: z.number().int(),
});
export type PermitExpiryCounts = z.infer<typeof permitExpiryCountsSchema>;
