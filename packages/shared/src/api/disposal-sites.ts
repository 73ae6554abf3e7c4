import { z } from 'zod';
import { idSchema, isoDateSchema, REGISTRANT_NUMBER_PATTERN } from '../validation';
import { pageOf, pageQuerySchema, sortOrderSchema } from './common';

/** Field limits of the disposal site master (the table's column sizes). */
export const DISPOSAL_SITE_MAX_LENGTH = {
  name: 64,
  city: 32,
  address1: 254,
  address2: 254,
  address3: 80,
  licenseNumber: 32,
  capacity: 32,
  subscriberNumber: 7,
  manifestPermitNumber: 32,
  query: 64,
} as const;

const L = DISPOSAL_SITE_MAX_LENGTH;

/** Optional text: blank and null are stored as ''. */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: 'invalid_format' }).trim().max(max, 'max_length_exceeded'),
  );

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** POST /disposal-site-master and PUT /disposal-site-master/{id}. */
export const disposalSiteInputSchema = z.object({
  name: z.string({ error: 'MSG_00_21' }).trim().min(1, 'MSG_00_21').max(L.name, 'max_length_exceeded'),
  city: optionalText(L.city),
  address1: optionalText(L.address1),
  address2: optionalText(L.address2),
  address3: optionalText(L.address3),
  licenseNumber: optionalText(L.licenseNumber),
  /** Permit expiry, YYYY-MM-DD. */
  expireDate: z.preprocess(blankToNull, isoDateSchema().nullable()),
  disposalMethodId: z.preprocess(blankToNull, idSchema.nullable()),
  capacity: optionalText(L.capacity),
  /** Manifest-network subscriber number: 7 alphanumerics (MSG_05_2). */
  subscriberNumber: z.preprocess(
    blankToNull,
    z.string({ error: 'MSG_05_2' }).trim().regex(REGISTRANT_NUMBER_PATTERN, 'MSG_05_2').nullable(),
  ),
  manifestPermitNumber: z.preprocess(
    blankToNull,
    z
      .string({ error: 'invalid_format' })
      .trim()
      .max(L.manifestPermitNumber, 'max_length_exceeded')
      .nullable(),
  ),
});
export type DisposalSiteInput = z.input<typeof disposalSiteInputSchema>;
export type DisposalSiteValues = z.infer<typeof disposalSiteInputSchema>;

export const disposalSiteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string(),
  address3: z.string(),
  licenseNumber: z.string(),
  expireDate: z.string().nullable(),
  disposalMethodId: z.number().int().nullable(),
  /** The disposal method's name (処分方法), from the disposal methods master. */
  method: z.string().nullable(),
  capacity: z.string(),
  subscriberNumber: z.string().nullable(),
  manifestPermitNumber: z.string().nullable(),
  updatedAt: z.string(),
});
export type DisposalSite = z.infer<typeof disposalSiteSchema>;

export const DISPOSAL_SITE_SORT_KEYS = ['code', 'name', 'city', 'expireDate', 'updatedAt'] as const;
export type DisposalSiteSortKey = (typeof DISPOSAL_SITE_SORT_KEYS)[number];

/** GET /disposal-site-master?query=&page=&size=&sort=&order= : query matches code, name, address, licence. */
export const disposalSiteListQuerySchema = pageQuerySchema.extend({
  query: z.string().trim().max(L.query, 'max_length_exceeded').optional(),
  sort: z.enum(DISPOSAL_SITE_SORT_KEYS).default('code'),
  order: sortOrderSchema,
});
export type DisposalSiteListQuery = z.infer<typeof disposalSiteListQuerySchema>;

export const disposalSitePageSchema = pageOf(disposalSiteSchema);
export type DisposalSitePage = z.infer<typeof disposalSitePageSchema>;

/** GET /disposal-site-master/last-code: the highest code so far (null while the master is empty). */
export const disposalSiteLastCodeSchema = z.object({ lastCode: z.string().nullable() });
export type DisposalSiteLastCode = z.infer<typeof disposalSiteLastCodeSchema>;
