import { z } from 'zod';
import { NON_BUSINESS_REASONS, TIME_PATTERN } from '../business-day';
import {
  COLLECTION_FREQUENCIES,
  COLLECTION_REQUEST_KINDS,
  COLLECTION_STATUSES,
  VEHICLE_LIMITS,
} from '../collection-rules';
import { BAG_SIZES, CONTRACT_TYPES, PROJECT_TYPES } from '../enums';
import { idParam, idSchema, isoDateSchema, textSchema } from '../validation';
import { proofSchema } from './drivers';
import { VOLUME_PATTERN } from './projects';

export const COLLECTION_MAX = {
  memo: 512,
  reason: 512,
  /** Desired dates in one request. */
  dates: 31,
  lines: 30,
  /** Days a list or calendar range may span (three months). */
  rangeDays: 93,
} as const;

const dateSchema = isoDateSchema();

const optionalVolume = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).replaceAll(',', '').trim())
  .refine((v) => v === '' || VOLUME_PATTERN.test(v), 'MSG_00_27')
  .transform((v) => (v === '' ? undefined : Number(v)))
  .optional();

const timeOfDay = z
  .string()
  .trim()
  .max(5, 'max_length_exceeded')
  .refine((v) => v === '' || TIME_PATTERN.test(v), 'invalid_format')
  .transform((v) => v || undefined)
  .optional();

/** One waste line of the contract to collect: bags by size (litres) or a volume in the line's unit. */
export const collectionLineInputSchema = z
  .object({
    wasteLineId: idSchema,
    bags: z
      .partialRecord(z.enum(BAG_SIZES.map(String) as [string, ...string[]]), z.number().int().min(0).max(999))
      .default({}),
    volume: optionalVolume,
  })
  .superRefine((line, ctx) => {
    const hasBags = Object.values(line.bags).some((n) => (n ?? 0) > 0);
    if (!hasBags && !(line.volume && line.volume > 0))
      ctx.addIssue({ code: 'custom', path: ['bags'], message: 'bag_or_volume_required' });
  });

/**
 * Body of POST /collection-requests (and /collection-requests/check, which validates and previews the
 * collections without saving). DATES asks for chosen days; RECURRING (a regular project's contract that runs,
 * not a spot one: `requestKindsOf`) asks for the frequency, weekdays and number of collections, and the
 * collections are generated over the contract period.
 */
export const collectionRequestSchema = z
  .object({
    projectId: idSchema,
    dischargeSiteId: idSchema,
    kind: z.enum(COLLECTION_REQUEST_KINDS, { error: 'MSG_00_21' }),
    dates: z.array(dateSchema).max(COLLECTION_MAX.dates, 'invalid_format').default([]),
    frequency: z.enum(COLLECTION_FREQUENCIES, { error: 'MSG_00_21' }).optional(),
    /** 0 = Sunday ... 6 = Saturday. */
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    collectionCount: z.number().int().min(1, 'MSG_00_21').max(7).optional(),
    lines: z.array(collectionLineInputSchema).min(1, 'MSG_00_21').max(COLLECTION_MAX.lines),
    vehicleLimit: z.enum(VEHICLE_LIMITS).default('NONE'),
    /** No entry before / after (HH:mm, Japan time). */
    entryFrom: timeOfDay,
    entryUntil: timeOfDay,
    memo: textSchema().trim().max(COLLECTION_MAX.memo, 'max_length_exceeded').optional(),
  })
  .superRefine((req, ctx) => {
    if (req.kind === 'DATES' && req.dates.length === 0)
      ctx.addIssue({ code: 'custom', path: ['dates'], message: 'MSG_00_21' });
    if (req.kind === 'RECURRING') {
      if (!req.frequency) ctx.addIssue({ code: 'custom', path: ['frequency'], message: 'MSG_00_21' });
      if (req.weekdays.length === 0)
        ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'weekday_required' });
      else if (req.collectionCount === undefined)
        ctx.addIssue({ code: 'custom', path: ['collectionCount'], message: 'MSG_00_21' });
      else if (req.weekdays.length !== req.collectionCount)
        ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'weekdays_must_match_count' });
      if (new Set(req.weekdays).size !== req.weekdays.length)
        ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'invalid_format' });
    }
    const seen = new Set<number>();
    req.lines.forEach((line, i) => {
      if (seen.has(line.wasteLineId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'wasteLineId'], message: 'same_waste_twice' });
      seen.add(line.wasteLineId);
    });
    if (req.entryFrom && req.entryUntil && req.entryFrom >= req.entryUntil)
      ctx.addIssue({ code: 'custom', path: ['entryUntil'], message: 'invalid_period' });
  });
export type CollectionRequestBody = z.infer<typeof collectionRequestSchema>;
export type CollectionRequestInput = z.input<typeof collectionRequestSchema>;

export const collectionStatusSchema = z.enum(COLLECTION_STATUSES);
export const notCollectableReasonSchema = z.enum(NON_BUSINESS_REASONS);

/** A project the discharger may request collections for, with its contract's frame. */
export const collectionRequestOptionSchema = z.object({
  projectId: z.number(),
  projectTitle: z.string(),
  projectType: z.enum(PROJECT_TYPES),
  contract: z.object({
    id: z.number(),
    contractType: z.enum(CONTRACT_TYPES),
    startDate: z.string(),
    endDate: z.string(),
    /** The last date a request may ask for (the next period too while an auto-renewal continues). */
    requestableUntil: z.string(),
    /** How many more dates it takes (a spot contract's allowance left, `collectionsLeft`); null: no limit. */
    collectionsLeft: z.number().nullable(),
  }),
  transportCompany: z.object({ id: z.number(), name: z.string() }),
  wasteLines: z.array(
    z.object({
      id: z.number(),
      wasteName: z.string(),
      kind: z.enum(PROJECT_TYPES),
      unit: z.string().nullable(),
    }),
  ),
  dischargeSites: z.array(z.object({ id: z.number(), name: z.string(), address: z.string() })),
});
export type CollectionRequestOption = z.infer<typeof collectionRequestOptionSchema>;
export const collectionRequestOptionsSchema = z.array(collectionRequestOptionSchema);

/** What a request will create (the check call) or created. */
export const collectionPreviewSchema = z.object({
  collections: z.array(
    z.object({
      date: z.string(),
      status: collectionStatusSchema,
      skipReason: notCollectableReasonSchema.nullable(),
    }),
  ),
});
export type CollectionPreview = z.infer<typeof collectionPreviewSchema>;

export const collectionRequestCreatedSchema = collectionPreviewSchema.extend({ id: z.number() });

/** The collectable days of a project's transporter in a range (for the request form's date picker). */
export const collectableDaysQuerySchema = z.object({
  projectId: idParam(),
  from: dateSchema,
  to: dateSchema,
});
export type CollectableDaysQuery = z.infer<typeof collectableDaysQuerySchema>;
export const collectableDaysSchema = z.array(
  z.object({ date: z.string(), collectable: z.boolean(), reason: notCollectableReasonSchema.nullable() }),
);

export const collectionListQuerySchema = z.object({
  from: dateSchema,
  to: dateSchema,
  projectId: idParam().optional(),
  dischargeSiteId: idParam().optional(),
  status: collectionStatusSchema.optional(),
  /** Transporter: one discharger's collections (the header's company selector). */
  companyId: idParam().optional(),
});
export type CollectionListQuery = z.infer<typeof collectionListQuerySchema>;

export const collectionLineSchema = z.object({
  wasteLineId: z.number(),
  wasteName: z.string(),
  kind: z.enum(PROJECT_TYPES),
  bags: z.record(z.string(), z.number()),
  volume: z.number().nullable(),
  unit: z.string().nullable(),
});

export const collectionSummarySchema = z.object({
  id: z.number(),
  requestId: z.number(),
  date: z.string(),
  desiredDate: z.string(),
  status: collectionStatusSchema,
  skipReason: notCollectableReasonSchema.nullable(),
  project: z.object({ id: z.number(), title: z.string(), type: z.enum(PROJECT_TYPES) }),
  contractType: z.enum(CONTRACT_TYPES),
  discharger: z.object({ id: z.number(), name: z.string() }),
  transportCompany: z.object({ id: z.number(), name: z.string() }),
  dischargeSite: z.object({ id: z.number(), name: z.string(), address: z.string() }),
  wasteNames: z.array(z.string()),
  vehicleLimit: z.enum(VEHICLE_LIMITS),
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;
export const collectionListSchema = z.array(collectionSummarySchema);

export const collectionHistoryItemSchema = z.object({
  fromStatus: collectionStatusSchema.nullable(),
  toStatus: collectionStatusSchema,
  fromDate: z.string().nullable(),
  toDate: z.string(),
  reason: z.string().nullable(),
  /** Who: the user's name and side (the acting administrator's too). */
  userName: z.string().nullable(),
  role: z.enum(['WASTE', 'TRANSPORT', 'SYSTEM']),
  actedByAdmin: z.boolean(),
  createdAt: z.string(),
});

export const collectionDetailSchema = collectionSummarySchema.extend({
  reason: z.string().nullable(),
  hasReport: z.boolean(),
  lines: z.array(collectionLineSchema),
  frequency: z.enum(COLLECTION_FREQUENCIES).nullable(),
  weekdays: z.array(z.number()),
  entryFrom: z.string().nullable(),
  entryUntil: z.string().nullable(),
  memo: z.string().nullable(),
  dischargeSiteDetail: z.object({
    postalCode: z.string(),
    tel: z.string(),
    pic: z.string(),
  }),
  /** What the caller may do now (collectionActions). */
  actions: z.array(
    z.enum([
      'CONFIRM',
      'PROPOSE_DATE',
      'RETURN',
      'MARK_COLLECTED',
      'MARK_NOT_COLLECTED',
      'ACCEPT_PROPOSAL',
      'ASK_AGAIN',
      'CANCEL',
    ]),
  ),
  history: z.array(collectionHistoryItemSchema),
  /** The drivers' marks on it (proof of collection), oldest first. */
  proofs: z.array(proofSchema),
  /** The dispatch (the transporter's side only; null for the discharger). */
  dispatch: z
    .object({
      driverName: z.string().nullable(),
      vehicleName: z.string().nullable(),
      stopOrder: z.number().nullable(),
    })
    .nullable(),
});
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

/** Body of an action with an optional reason (confirm, accept, collected, cancel). */
export const collectionActionSchema = z.object({
  reason: textSchema().trim().max(COLLECTION_MAX.reason, 'max_length_exceeded').optional(),
});

/** Body of an action whose reason is required (return, not collected). */
export const collectionReasonSchema = z.object({
  reason: textSchema().trim().min(1, 'MSG_00_21').max(COLLECTION_MAX.reason, 'max_length_exceeded'),
});

/** Body of the transporter's proposal and the discharger's asking again: another date. */
export const collectionDateChangeSchema = z.object({
  date: dateSchema,
  reason: textSchema().trim().max(COLLECTION_MAX.reason, 'max_length_exceeded').optional(),
});

/** Answer of an action; a cancelled spot collection also says that its project was cancelled. */
export const collectionActionResultSchema = z.object({
  id: z.number(),
  status: collectionStatusSchema,
  date: z.string(),
  projectCancelled: z.boolean(),
});

export const collectionIdParamSchema = z.object({ id: idParam() });

/** Answer of POST /trans/collection-requests/{id}/confirm: how many desired dates were confirmed. */
export const collectionRequestConfirmedSchema = z.object({ confirmed: z.number() });

/**
 * The caller's company's private iCalendar feed. Only the token's hash is kept, so `url` is given once, in the
 * answer that issues it; afterwards (and when none is issued) it is null and `active` says whether one works.
 */
export const calendarFeedSchema = z.object({ url: z.string().nullable(), active: z.boolean() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/, 'invalid_format'),
});

export const DAY_SHEET_FORMATS = ['pdf', 'csv'] as const;
export const daySheetQuerySchema = z.object({
  date: dateSchema,
  format: z.enum(DAY_SHEET_FORMATS).default('pdf'),
});
