import { z } from 'zod';
import { CONTRACT_FORMS } from '../contract-rules';
import { BAG_SIZES, PROJECT_STATUSES, PROJECT_TYPES } from '../enums';
import {
  PROJECT_KEYWORD_MAX,
  PROJECT_LIST_TABS,
  PROJECT_PAGE_SIZE,
  PROJECT_SORT_KEYS,
} from '../project-list';
import { QUOTE_PRICING_BASES } from '../quote-pricing';
import { idSchema, requiredString } from '../validation';
import { attachmentSchema, pageOf, pageQuery, sortQuerySchema } from './common';
import { contractSchema } from './contracts';
import { companyFilterQuerySchema, projectListItemSchema } from './home';
import { permitCoverageSchema } from './permit-coverage';

/** Section 5 volume: up to 5 integer digits with 2 decimals, or an integer of up to 7 digits; commas stripped. */
export const VOLUME_PATTERN = /^(\d{1,5}(\.\d{1,2})?|\d{1,7})$/;

export const volumeSchema = z
  .union([z.string(), z.number()], { error: 'MSG_00_21' })
  .transform((v) => String(v).replaceAll(',', '').trim())
  .refine((v) => v !== '', 'MSG_00_21')
  .refine((v) => VOLUME_PATTERN.test(v), 'MSG_00_27')
  .transform((v) => Number(v));

/** A quantity that must be there to be worth recording (a request's line, a manifest, a transport): above 0. */
export const positiveVolumeSchema = volumeSchema.refine((v) => v > 0, 'quantity_not_positive');

export const QUOTE_FREQUENCIES = ['WEEKLY', 'MONTHLY', 'SPOT'] as const;

/** Regular garbage line: one regular category with its bags, capacity and weekly collections. */
export const regularQuoteLineSchema = z
  .object({
    wasteId: idSchema,
    /** kg a month; 0 or absent when only bags are given. */
    monthlyCapacity: volumeSchema.optional(),
    /** Bag counts by size in litres (30, 45, 70, 90). */
    bags: z
      .partialRecord(z.enum(BAG_SIZES.map(String) as [string, ...string[]]), z.number().int().min(0).max(999))
      .default({}),
    collectionCount: z.number({ error: 'MSG_00_21' }).int().min(1, 'MSG_00_21').max(7),
    /** 0 = Sunday ... 6 = Saturday. */
    weekdays: z.array(z.number().int().min(0).max(6)).max(7),
  })
  .superRefine((line, ctx) => {
    if (line.weekdays.length === 0)
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'weekday_required' });
    else if (line.weekdays.length !== line.collectionCount)
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'weekdays_must_match_count' });
    if (new Set(line.weekdays).size !== line.weekdays.length)
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'invalid_format' });
    const hasBags = Object.values(line.bags).some((n) => (n ?? 0) > 0);
    if (!hasBags && !(line.monthlyCapacity && line.monthlyCapacity > 0))
      ctx.addIssue({ code: 'custom', path: ['bags'], message: 'bag_or_volume_required' });
  });

/** Industrial (or bulky) waste line. */
export const industrialQuoteLineSchema = z
  .object({
    wasteId: idSchema,
    quantity: positiveVolumeSchema,
    unitMeasureId: idSchema,
    packingStyleId: idSchema.nullish(),
    /** Dimensions or weight as the discharger describes them. */
    dimensions: z.string().trim().max(64, 'max_length_exceeded').optional(),
    frequency: z.enum(QUOTE_FREQUENCIES, { error: 'MSG_00_21' }),
    /** Times per week or month; absent for a spot collection. */
    frequencyNumber: z.number().int().min(1).max(31).nullish(),
    /** Removal time (e.g. 平日 9:00-12:00). */
    transTime: z.string().trim().max(32, 'max_length_exceeded').optional(),
    wasteDetails: z.string().trim().max(512, 'max_length_exceeded').optional(),
  })
  .superRefine((line, ctx) => {
    if (line.frequency !== 'SPOT' && !line.frequencyNumber)
      ctx.addIssue({ code: 'custom', path: ['frequencyNumber'], message: 'MSG_00_21' });
  });

const projectBase = {
  projectTitle: requiredString(64),
  memo: z.string().trim().max(512, 'max_length_exceeded').optional(),
  officeId: idSchema.nullish(),
  /** The discharger's own discharge sites; at least one. */
  dischargeSiteIds: z.array(idSchema).min(1, 'MSG_00_21').max(50),
};

/** Body of POST /projects (create a draft) and PUT /projects/{id} (update a draft). */
export const quoteRequestSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('REGULAR'),
      ...projectBase,
      lines: z.array(regularQuoteLineSchema).min(1, 'MSG_00_21').max(4),
    }),
    z.object({
      type: z.literal('INDUSTRIAL'),
      ...projectBase,
      lines: z.array(industrialQuoteLineSchema).min(1, 'MSG_00_21').max(30),
    }),
  ])
  .superRefine((req, ctx) => {
    // The same waste cannot be chosen twice.
    const seen = new Set<number>();
    req.lines.forEach((line, i) => {
      if (seen.has(line.wasteId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'wasteId'], message: 'same_waste_twice' });
      seen.add(line.wasteId);
    });
  });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

export const projectTabQuerySchema = z.object({ tab: z.enum(PROJECT_LIST_TABS).optional() });

/**
 * GET /projects and /trans/projects (the list convention): page, size (50 by default), sort and order (newest
 * first by default), the tab, the type, and a keyword matching the title (or the id, when it is a number).
 */
export const projectListQuerySchema = pageQuery(PROJECT_PAGE_SIZE)
  .extend(sortQuerySchema(PROJECT_SORT_KEYS, 'createdDate', 'desc').shape)
  .extend(projectTabQuerySchema.shape)
  .extend({
    type: z.enum(PROJECT_TYPES, { error: 'invalid_format' }).optional(),
    keyword: z.string().trim().max(PROJECT_KEYWORD_MAX, 'max_length_exceeded').optional(),
  });
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;
/** The transporter's list also takes the header's company selector (ALL or one discharger it serves). */
export const transProjectListQuerySchema = projectListQuerySchema.extend(companyFilterQuerySchema.shape);

export const projectPageSchema = pageOf(projectListItemSchema);
export type ProjectPage = z.infer<typeof projectPageSchema>;

/** GET /projects/home and /trans/projects/home: what the home table shows, the newest rows and the tab counts. */
export const projectHomeSchema = z.object({
  latest: z.array(projectListItemSchema),
  counts: z.object({ PRE_CONTRACT: z.number().int(), IN_PROGRESS: z.number().int(), PAST: z.number().int() }),
});
export type ProjectHome = z.infer<typeof projectHomeSchema>;

export const cancelProjectSchema = z.object({
  reason: z.string().trim().max(512, 'max_length_exceeded').optional(),
});

export const projectStatusHistoryItemSchema = z.object({
  fromStatus: z.enum(PROJECT_STATUSES).nullable(),
  toStatus: z.enum(PROJECT_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

/** The quote a project received (the current transporter's), as both sides see it. */
export const projectQuoteSchema = z.object({
  id: z.number(),
  status: z.enum(['DRAFT', 'SUBMITTED', 'ACCEPTED', 'DECLINED']),
  transportCompany: z.object({ id: z.number(), name: z.string() }),
  /** Industrial quotes: the contract form quoted for (COMBINED prices industrial lines in two parts). */
  contractForm: z.enum(CONTRACT_FORMS).nullable(),
  lines: z.array(
    z.object({
      id: z.number(),
      wasteLineId: z.number(),
      wasteName: z.string(),
      kind: z.enum(['INDUSTRIAL', 'REGULAR']),
      /** Per quantity in `unitMeasure` (regular lines without one: kg), per bag of `bagSize` L, per collection. */
      pricingBasis: z.enum(QUOTE_PRICING_BASES),
      bagSize: z.number().nullable(),
      unitPrice: z.number(),
      /** The two parts of a COMBINED quote's industrial line (their sum is unitPrice), else null. */
      transportUnitPrice: z.number().nullable(),
      disposalUnitPrice: z.number().nullable(),
      quantity: z.number(),
      unitMeasure: z.object({ id: z.number(), unit: z.string() }).nullable(),
      amount: z.number(),
    }),
  ),
  /** Whole yen, tax excluded. */
  totalAmount: z.number(),
  /** 10 % tax included, rounded down. */
  totalWithTax: z.number(),
  validUntil: z.string().nullable(),
  /** The valid-until date has passed (Japan): the quote can no longer be accepted (quote_expired). */
  isExpired: z.boolean(),
  note: z.string().nullable(),
  document: attachmentSchema.nullable(),
  createdDate: z.string(),
});
export type ProjectQuote = z.infer<typeof projectQuoteSchema>;

/** GET /projects/{id}: what both sides see of a project they may see. */
export const projectDetailSchema = z.object({
  id: z.number(),
  projectTitle: z.string(),
  projectStatus: z.enum(PROJECT_STATUSES),
  type: z.enum(PROJECT_TYPES),
  memo: z.string().nullable(),
  company: z.object({ id: z.number(), name: z.string(), address: z.string(), contractPic: z.string() }),
  transportCompany: z.object({ id: z.number(), name: z.string() }).nullable(),
  office: z
    .object({
      id: z.number(),
      name: z.string(),
      posCode: z.string(),
      tel: z.string(),
      address: z.string(),
      email: z.string(),
    })
    .nullable(),
  discharges: z.array(
    z.object({
      id: z.number(),
      discharges: z.string(),
      posCode: z.string(),
      address: z.string(),
      pic: z.string(),
      tel: z.string(),
      email: z.string(),
    }),
  ),
  pwasteRegulars: z.array(
    z.object({
      id: z.number(),
      waste: z.object({ id: z.number(), name: z.string() }),
      monthlyCapacity: z.number().nullable(),
      bags: z.record(z.string(), z.number()),
      collectionCount: z.number().nullable(),
      weekdays: z.array(z.number()),
    }),
  ),
  pwasteIndustries: z.array(
    z.object({
      id: z.number(),
      waste: z.object({ id: z.number(), name: z.string() }),
      quantity: z.number().nullable(),
      measureUnit: z.object({ id: z.number(), unit: z.string() }).nullable(),
      packing: z.object({ id: z.number(), style: z.string() }).nullable(),
      dimensions: z.string().nullable(),
      frequency: z.enum(QUOTE_FREQUENCIES).nullable(),
      frequencyNumber: z.number().nullable(),
      transTime: z.string().nullable(),
      wasteDetails: z.string().nullable(),
    }),
  ),
  attachments: z.array(attachmentSchema),
  history: z.array(projectStatusHistoryItemSchema),
  createdDate: z.string(),
  requestedDate: z.string().nullable(),
  /** The received quote (issue 4), null before one arrives or after the discharger asked again. */
  quote: projectQuoteSchema.nullable(),
  /** The contract (issue 4): the transporter sees its draft; the discharger once it was sent. */
  contract: contractSchema.nullable(),
  /**
   * Whether the transporter's permits cover this industrial project (issue 15): for a transporter, its own
   * permits on an open request or a project it serves; for the discharger, those of the project's transporter.
   * Null for regular projects, before a transporter is known, and once the project is over.
   */
  permitCoverage: permitCoverageSchema.nullable(),
  /**
   * A draft (CREATING_QUOTE) as its discharger sees it: whether any transporter's collection area of the
   * project's type holds one of its discharge sites. Sending is refused without (collection_area_not_supported).
   * Null otherwise.
   */
  collectionAreaSupported: z.boolean().nullable(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/**
 * Answer of POST /projects/{id}/contract/renewal (and trans/): the project, and how many collections dated
 * after the contract's end were removed (ending the auto-renewal removes them; 0 when it continues). Kept
 * here rather than in contracts.ts, which this file imports.
 */
export const renewalDecisionResultSchema = projectDetailSchema.extend({ removedCollections: z.number() });
