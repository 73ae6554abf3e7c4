import { z } from 'zod';
import { DEADLINE_STATES } from '../transport-deadline';
import { idParam, idSchema, isoDateSchema } from '../validation';
import { volumeSchema } from './projects';

/**
 * Electronic manifests as the manifest network reports them. RESERVED (number issued, registration '1000'
 * running) → REGISTERED → TEMP_TRANSPORT (a transport-end report or a change of it in flight or awaiting
 * the discharger) → TRANSPORT_END → DISPOSAL_END → FINAL_DISPOSAL_END.
 */
export const MANIFEST_STATUSES = [
  'RESERVED',
  'REGISTERED',
  'TEMP_TRANSPORT',
  'TRANSPORT_END',
  'DISPOSAL_END',
  'FINAL_DISPOSAL_END',
] as const;
export type ManifestStatus = (typeof MANIFEST_STATUSES)[number];

export const MANIFEST_PHASES = ['reservation', 'transportation', 'processing', 'final'] as const;
export type ManifestPhaseName = (typeof MANIFEST_PHASES)[number];

export const manifestPhaseSchema = z.object({ done: z.boolean(), date: z.string().nullable() });

/**
 * POST /manifests: the discharger registers (delivers) a manifest for a waste line of an industrial
 * project in progress. The network issues the number at once; the registration is reflected later.
 */
export const manifestRegistrationSchema = z.object({
  projectId: idSchema,
  /** The project's industrial waste line. */
  wasteLineId: idSchema,
  deliveryDate: isoDateSchema(),
  quantity: volumeSchema,
  unitId: idSchema,
  /** The discharge site of the company the waste leaves from. */
  dischargeSiteId: idSchema,
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
});
export type ManifestDetail = z.infer<typeof manifestDetailSchema>;

/**
 * GET /manifests/registration-options (discharger): the industrial projects in progress with their waste
 * lines and discharge sites, and the unit master, for the registration form.
 */
export const manifestRegistrationOptionsSchema = z.object({
  today: z.string(),
  /** The company's 7-character subscriber number; null when electronic manifests are not set up. */
  subscriberNumber: z.string().nullable(),
  projects: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      transporterName: z.string().nullable(),
      wasteLines: z.array(z.object({ id: z.number(), wasteName: z.string() })),
    }),
  ),
  dischargeSites: z.array(z.object({ id: z.number(), name: z.string(), address: z.string() })),
  units: z.array(z.object({ id: z.number(), unit: z.string() })),
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
