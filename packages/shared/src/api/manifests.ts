import { z } from 'zod';
import { MANIFEST_STATUSES } from '../enums';
import { MANIFEST_DIFFERENCE_KINDS } from '../rules/manifest-agreement';
import { DEADLINE_STATES } from '../transport-deadline';
import { idParam, idSchema, isoDateSchema } from '../validation';
import { positiveVolumeSchema } from './projects';

export const manifestPhaseSchema = z.object({ done: z.boolean(), date: z.string().nullable() });

/** A difference between a manifest and its contract (`manifestContractDifferences`). */
export const manifestDifferenceSchema = z.object({
  kind: z.enum(MANIFEST_DIFFERENCE_KINDS),
  contractValues: z.array(z.string()),
  manifestValue: z.string().nullable(),
});

/** `details` of the 409 `manifest_contract_differences`: the differences to confirm. */
export const manifestDifferencesDetailSchema = z.object({
  differences: z.array(manifestDifferenceSchema).min(1),
});

/**
 * POST /manifests: the discharger registers (delivers) a manifest for an industrial project in progress. The
 * network issues the number at once; the registration is reflected later. What the manifest names is the
 * contract's unless chosen otherwise: the waste (one of the project's lines, or a waste of the master), the
 * transporter and the disposal site (null: none). When it then differs from the contract, the call is refused
 * (409 manifest_contract_differences) until `confirmedDifferences` names exactly the current differences. The
 * same `registrationKey` again answers the manifest it registered (201), or 409 manifest_registration_in_progress
 * while that registration is still under way.
 */
export const manifestRegistrationSchema = z
  .object({
    projectId: idSchema,
    /** One of the project's industrial waste lines ... */
    wasteLineId: idSchema.optional(),
    /** ... or a waste of the (industrial) master the contract may not name. */
    wasteId: idSchema.optional(),
    deliveryDate: isoDateSchema(),
    quantity: positiveVolumeSchema,
    unitId: idSchema,
    /** The discharge site of the company the waste leaves from. */
    dischargeSiteId: idSchema,
    /** The collection-and-transport company; the project's when left out. */
    transportCompanyId: idSchema.optional(),
    /** The disposal site; the contract route's when left out, none when null. */
    disposalSiteId: idSchema.nullish(),
    confirmedDifferences: z
      .array(z.enum(MANIFEST_DIFFERENCE_KINDS))
      .max(MANIFEST_DIFFERENCE_KINDS.length)
      .optional(),
    /**
     * The form's key for this registration (a UUID made when the form opens, kept through refusals and resends):
     * sending it again never registers a second manifest. Left out, each call registers afresh.
     */
    registrationKey: z.uuid({ error: 'invalid_format' }).optional(),
  })
  .superRefine((r, ctx) => {
    if ((r.wasteLineId === undefined) === (r.wasteId === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['wasteLineId'],
        message: r.wasteLineId === undefined ? 'MSG_00_21' : 'invalid_format',
      });
  });
export type ManifestRegistrationInput = z.infer<typeof manifestRegistrationSchema>;
export type ManifestRegistrationValues = z.input<typeof manifestRegistrationSchema>;

/** GET /manifests and GET /trans/manifests: filters of the list. */
export const manifestListQuerySchema = z.object({
  manifestNumber: z.string().trim().max(11, 'max_length_exceeded').optional(),
  status: z.enum(MANIFEST_STATUSES).optional(),
  deliveryFrom: isoDateSchema().optional(),
  deliveryTo: isoDateSchema().optional(),
  /** Header's company selector for transporters and admins: ALL or a company id. */
  companyId: z.union([z.literal('ALL'), idParam()]).optional(),
});
export type ManifestListQuery = z.infer<typeof manifestListQuerySchema>;

export const manifestSummarySchema = z.object({
  manifestNumber: z.string(),
  projectId: z.number().nullable(),
  projectTitle: z.string().nullable(),
  dischargerName: z.string(),
  transporterName: z.string().nullable(),
  wasteName: z.string(),
  /** 交付日 */
  deliveryDate: z.string().nullable(),
  transportEndDate: z.string().nullable(),
  disposalEndDate: z.string().nullable(),
  finalDisposalEndDate: z.string().nullable(),
  dischargeSiteName: z.string(),
  /** As the network last answered; null before its first answer. */
  status: z.enum(MANIFEST_STATUSES).nullable(),
  runningFunctions: z.array(z.string()),
  /** The live transport report of the manifest, if made. */
  transportReportId: z.number().nullable(),
  /**
   * The transport-end report's deadline counted from the delivery date (the earliest the transport can
   * end) while no report is made; null once reported.
   */
  reportDeadline: z.string().nullable(),
  reportDeadlineState: z.enum(DEADLINE_STATES).nullable(),
});
export type ManifestSummary = z.infer<typeof manifestSummarySchema>;

export const manifestListSchema = z.object({ rows: z.array(manifestSummarySchema) });

/** GET /manifests/{number} and GET /trans/manifests/{number}: the manifest with its phases. */
export const manifestDetailSchema = manifestSummarySchema.extend({
  phases: z.object({
    reservation: manifestPhaseSchema,
    transportation: manifestPhaseSchema,
    processing: manifestPhaseSchema,
    final: manifestPhaseSchema,
  }),
  /** When the network's answer was stored (ISO instant). */
  syncedAt: z.string().nullable(),
  /** False when the network could not be asked just now: the stored answer is shown. */
  fresh: z.boolean(),
  /** The disposal site the manifest names; null when none. */
  disposalSiteName: z.string().nullable(),
  /** The last day it is kept (the shared retention rule, `keptUntil`). */
  keptUntil: z.string(),
  /** The differences from the contract the discharger confirmed on registering it: who and when. */
  differenceConfirmation: z
    .object({
      differences: z.array(manifestDifferenceSchema),
      confirmedBy: z.string().nullable(),
      confirmedAt: z.string(),
    })
    .nullable(),
});
export type ManifestDetail = z.infer<typeof manifestDetailSchema>;

/**
 * GET /manifests/registration-options (discharger): the industrial projects in progress with their waste
 * lines and contracts, the discharge sites, the unit master, the transporters and disposal sites a manifest may
 * name, for the registration form.
 */
const refSchema = z.object({ id: z.number(), name: z.string() });
const unitSchema = z.object({ id: z.number(), unit: z.string() });

export const manifestRegistrationOptionsSchema = z.object({
  today: z.string(),
  /** The company's 7-character subscriber number; null when electronic manifests are not set up. */
  subscriberNumber: z.string().nullable(),
  projects: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      transporterName: z.string().nullable(),
      transportCompanyId: z.number().nullable(),
      /**
       * Each line with its waste, the waste's major class (null when unclassified) and what the contract states
       * of it (`AgreementLineTerms`): the units, the quantity of a collection, the collections a month.
       */
      wasteLines: z.array(
        z.object({
          id: z.number(),
          wasteName: z.string(),
          wasteId: z.number().nullable(),
          kind: refSchema.nullable(),
          units: z.array(unitSchema),
          perCollection: z.object({ value: z.number(), unit: unitSchema }).nullable(),
          collectionsPerMonth: z.number().nullable(),
        }),
      ),
      /** The contract in force: its period, transporter and route's disposal site; null when none. */
      contract: z
        .object({
          startDate: z.string(),
          endDate: z.string(),
          transporter: refSchema,
          disposalSite: refSchema.nullable(),
        })
        .nullable(),
    }),
  ),
  dischargeSites: z.array(z.object({ id: z.number(), name: z.string(), address: z.string() })),
  units: z.array(unitSchema),
  /** The transporters of the discharger's projects, any of which a manifest may name. */
  transporters: z.array(refSchema),
  /** The disposal site master; an expired license cannot be chosen. */
  disposalSites: z.array(refSchema.extend({ licenseExpired: z.boolean() })),
});
export type ManifestRegistrationOptions = z.infer<typeof manifestRegistrationOptionsSchema>;

/**
 * GET /report-deadlines (discharger: transport reports still missing for its manifests) and
 * GET /trans/report-deadlines (transporter: manifests it carries, due soon or overdue, not reported).
 */
export const reportDeadlineItemSchema = z.object({
  manifestNumber: z.string(),
  projectId: z.number().nullable(),
  projectTitle: z.string().nullable(),
  wasteName: z.string(),
  /** The other party: the transporter for a discharger, the discharger for a transporter. */
  companyName: z.string(),
  deliveryDate: z.string().nullable(),
  deadline: z.string(),
  deadlineState: z.enum(DEADLINE_STATES),
});
export type ReportDeadlineItem = z.infer<typeof reportDeadlineItemSchema>;
/**
 * An industrial collection marked collected whose transport report (same project, collect time = the
 * collection date) does not exist yet: its 3-day deadline counts from the collection date.
 */
export const collectionDeadlineItemSchema = z.object({
  collectionId: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  /** Where the collection was made. */
  dischargeSiteName: z.string(),
  wasteNames: z.array(z.string()),
  /** The other party, as for manifests. */
  companyName: z.string(),
  collectionDate: z.string(),
  deadline: z.string(),
  deadlineState: z.enum(DEADLINE_STATES),
});
export type CollectionDeadlineItem = z.infer<typeof collectionDeadlineItemSchema>;

export const reportDeadlineListSchema = z.object({
  today: z.string(),
  items: z.array(reportDeadlineItemSchema),
  /** Collected industrial collections still waiting for their transport report, soonest deadline first. */
  collections: z.array(collectionDeadlineItemSchema),
});
export type ReportDeadlineList = z.infer<typeof reportDeadlineListSchema>;
