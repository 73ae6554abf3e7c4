import { z } from 'zod';
import {
  ACHIEVEMENT_DETAIL_PAGE_SIZE,
  ACHIEVEMENT_DETAIL_SORT_KEYS,
  ACHIEVEMENT_EXPORT_BATCH,
  ACHIEVEMENT_PAGE_SIZE,
  ACHIEVEMENT_PERIODS,
  ACHIEVEMENT_SORT_KEYS,
} from '../achievement-list';
import { isIsoDate } from '../business-day';
import { REPORT_STATUSES, WASTE_TYPE_CODE } from '../enums';
import { MESSAGE_CODES, type MessageCode } from '../messages';
import { DEADLINE_STATES } from '../transport-deadline';
import { decimalParam, idParam, idSchema, isoDateSchema, MAX_LENGTH, requiredString } from '../validation';
import { unitMeasureSchema } from './code-masters';
import { pageOf, pageQuery, pageQuerySchema, sortQuerySchema } from './common';
import { positiveVolumeSchema, VOLUME_PATTERN, volumeSchema } from './projects';

/**
 * Transport (completion) reports and achievements. Industrial reports are per manifest; regular reports
 * are monthly weights (kg) per regular waste category. Units and disposal methods are master ids.
 */

/** JWNET manifest numbers are 11 digits. */
export const MANIFEST_NUMBER_PATTERN = /^\d{11}$/;

const dateSchema = isoDateSchema();

const optionalId = z.number({ error: 'invalid_format' }).int().positive().nullish();

const optionalText = (max: number) =>
  z
    .string({ error: 'invalid_format' })
    .trim()
    .max(max, 'max_length_exceeded')
    .nullish()
    .transform((v) => (v ? v : null));

const stripCommas = (v: string | number) => String(v).replaceAll(',', '').trim();

/** A volume that may be left empty (valuables collected): empty is null, anything else as volumeSchema. */
export const optionalVolumeSchema = z
  .union([z.string(), z.number()], { error: 'MSG_00_27' })
  .nullish()
  .transform((v) => (v == null ? '' : stripCommas(v)))
  .refine((v) => v === '' || VOLUME_PATTERN.test(v), 'MSG_00_27')
  .transform((v) => (v === '' ? null : Number(v)));

/** The corrected volume: required, valid and not 0, all MSG_00_27 (section 5, report correction rules). */
export const correctedVolumeSchema = z
  .union([z.string(), z.number()], { error: 'MSG_00_27' })
  .transform(stripCommas)
  .refine((v) => VOLUME_PATTERN.test(v) && Number(v) > 0, 'MSG_00_27')
  .transform(Number);

export interface ReportDates {
  collectTime: string;
  transportEndDate: string;
}

/**
 * The end of transport lies between the collection date and today (Japan dates). Both checks run only on
 * real dates; the schemas report malformed ones.
 */
export function reportDateIssues(
  dates: ReportDates,
  today: string,
): { path: 'transportEndDate'; code: MessageCode }[] {
  const { collectTime, transportEndDate } = dates;
  if (!isIsoDate(transportEndDate)) return [];
  const issues: { path: 'transportEndDate'; code: MessageCode }[] = [];
  if (isIsoDate(collectTime) && transportEndDate < collectTime)
    issues.push({ path: 'transportEndDate', code: 'end_date_before_collection' });
  if (transportEndDate > today) issues.push({ path: 'transportEndDate', code: 'end_date_in_future' });
  return issues;
}

/** A transport is reported once made: its collection date is not after today (Japan dates, real dates only). */
export function collectTimeIssues(
  collectTime: string,
  today: string,
): { path: 'collectTime'; code: MessageCode }[] {
  return isIsoDate(collectTime) && collectTime > today
    ? [{ path: 'collectTime', code: 'collect_time_in_future' }]
    : [];
}

/** The same rule for a correction, whose end date is `lastEndDateTransport` and whose collection date is stored. */
export function correctionDateIssues(
  dates: { collectTime: string; lastEndDateTransport: string },
  today: string,
): { path: 'lastEndDateTransport'; code: MessageCode }[] {
  return reportDateIssues(
    { collectTime: dates.collectTime, transportEndDate: dates.lastEndDateTransport },
    today,
  ).map((issue) => ({ path: 'lastEndDateTransport', code: issue.code }));
}

/** A valid amount above 0 (an object refinement also runs when the field itself failed). */
const hasAmount = (v: unknown) => typeof v === 'number' && v > 0;

/** Date order only: "not after today" depends on the day and is checked with `reportDateIssues` by the caller. */
const ORDER_ONLY_TODAY = '9999-12-31';

/**
 * POST /trans/transport-reports: a transporter's report of completed industrial transport. Valuables in
 * a count unit (`isCountUnit`) are sent as 0; the server zeroes them too, since the schema does not know
 * which unit ids count pieces.
 */
export const industrialReportSchema = z
  .object({
    dischargerId: idSchema,
    projectId: idSchema,
    collectTime: dateSchema,
    wasteId: idSchema,
    transportEndDate: dateSchema,
    manifestId: z
      .string({ error: 'invalid_format' })
      .trim()
      .max(11, 'max_length_exceeded')
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || MANIFEST_NUMBER_PATTERN.test(v), 'invalid_format'),
    vehicleNumber: optionalText(MAX_LENGTH.vehicleNumber),
    transportVolume: positiveVolumeSchema,
    transportVolumeUnit: idSchema,
    valuablesCollected: optionalVolumeSchema,
    valuablesCollectedUnit: optionalId,
    reporter: optionalText(MAX_LENGTH.reporter),
    transporter: requiredString(MAX_LENGTH.transporter),
    disposalMethodId: optionalId,
  })
  .superRefine((r, ctx) => {
    for (const issue of reportDateIssues(r, ORDER_ONLY_TODAY))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.code });
    if (hasAmount(r.valuablesCollected) && !r.valuablesCollectedUnit)
      ctx.addIssue({ code: 'custom', path: ['valuablesCollectedUnit'], message: 'MSG_00_21' });
  });
export type IndustrialReportInput = z.infer<typeof industrialReportSchema>;
export type IndustrialReportValues = z.input<typeof industrialReportSchema>;

/**
 * PUT /trans/transport-reports/{id}: the transporter's correction (the dialog's EDITING mode). The server
 * also checks `correctionDateIssues` against the stored collection date and today, and
 * `reportActionRefusal(report with these last-values, 'TRANSPORT', 'FIX', now)`. The corrected volume is
 * never 0, so "a synced report needs a volume greater than 0" always holds.
 */
export const reportCorrectionSchema = z
  .object({
    lastEndDateTransport: dateSchema,
    lastTransportVolume: correctedVolumeSchema,
    lastTransportVolumeUnit: idSchema,
    lastValuablesCollected: optionalVolumeSchema,
    lastValuablesCollectedUnit: optionalId,
    lastVehicleNumber: optionalText(MAX_LENGTH.vehicleNumber),
    lastReporter: optionalText(MAX_LENGTH.reporter),
    lastTransporter: requiredString(MAX_LENGTH.transporter),
    lastDisposalMethodId: optionalId,
  })
  .superRefine((r, ctx) => {
    if (hasAmount(r.lastValuablesCollected) && !r.lastValuablesCollectedUnit)
      ctx.addIssue({ code: 'custom', path: ['lastValuablesCollectedUnit'], message: 'MSG_00_21' });
  });
export type ReportCorrectionInput = z.infer<typeof reportCorrectionSchema>;

/** Year of a report or an achievement list. */
const yearSchema = decimalParam(2000, 2100);
const monthSchema = decimalParam(1, 12);
/** The same in a JSON body. */
const yearBodySchema = z
  .number({ error: 'MSG_00_21' })
  .int('invalid_format')
  .min(2000, 'invalid_format')
  .max(2100, 'invalid_format');
const monthBodySchema = z
  .number({ error: 'MSG_00_21' })
  .int('invalid_format')
  .min(1, 'invalid_format')
  .max(12, 'invalid_format');

/** One regular category's weight (kg) in the regular report; `category` is the regular waste's id. */
export const regularVolumeSchema = z.object({ category: idSchema, volume: volumeSchema });

/** POST /trans/regular-reports: a month's weights of a regular project. */
export const regularReportSchema = z
  .object({
    projectId: idSchema,
    year: yearBodySchema,
    month: monthBodySchema,
    listVolume: z.array(regularVolumeSchema).min(1, 'MSG_00_21').max(20),
  })
  .superRefine((r, ctx) => {
    const seen = new Set<number>();
    r.listVolume.forEach((line, i) => {
      if (seen.has(line.category))
        ctx.addIssue({ code: 'custom', path: ['listVolume', i, 'category'], message: 'same_waste_twice' });
      seen.add(line.category);
    });
  });
export type RegularReportInput = z.infer<typeof regularReportSchema>;

/** A regular category as the report form shows it; a disabled one is not reported (and not sent). */
export const regularVolumeInfoSchema = z.object({
  category: z.number(),
  categoryName: z.string(),
  volume: z.number().nullable(),
  disabled: z.boolean(),
  /**
   * What the drivers' collected marks of the month hold for this waste (`monthDraft`): the kg weighed (over
   * `weighed` lines) and the bags counted by size; null when no mark has it. The form fills an unreported
   * weight from it for the office to check.
   */
  draft: z
    .object({ weightKg: z.number(), weighed: z.number(), bags: z.record(z.string(), z.number()) })
    .nullable(),
});
export type RegularVolumeInfo = z.infer<typeof regularVolumeInfoSchema>;

/** GET /trans/regular-reports/form?projectId&year&month: the categories and any weights already reported. */
export const regularReportFormSchema = z.object({
  projectId: z.number(),
  year: z.number(),
  month: z.number(),
  listVolume: z.array(regularVolumeInfoSchema),
  /** How many collections of the project the transporter marked collected in that month. */
  collectedCount: z.number(),
  /** The last day the month's report is kept (the shared retention rule); null while nothing is reported. */
  keptUntil: z.string().nullable(),
});
export type RegularReportForm = z.infer<typeof regularReportFormSchema>;

/** The lines the regular report sends: only categories that are not disabled. */
export function regularReportLines<V>(
  infos: readonly { category: number; volume: V; disabled: boolean }[],
): { category: number; volume: V }[] {
  return infos.filter((i) => !i.disabled).map(({ category, volume }) => ({ category, volume }));
}

/** An industrial transport report as both sides see it (section 3). */
export const transportReportSchema = z.object({
  id: z.number(),
  status: z.enum(REPORT_STATUSES),
  projectId: z.number(),
  projectTitle: z.string(),
  wasteCompanyId: z.number(),
  wasteCompanyName: z.string(),
  collectTime: z.string(),
  wasteId: z.number(),
  wasteName: z.string(),
  manifestId: z.string().nullable(),
  endDateTransport: z.string(),
  transportVolume: z.number(),
  transportVolumeUnit: z.number(),
  valuablesCollected: z.number().nullable(),
  valuablesCollectedUnit: z.number().nullable(),
  vehicleNumber: z.string().nullable(),
  reporter: z.string().nullable(),
  transporter: z.string(),
  disposalMethodId: z.number().nullable(),
  lastEndDateTransport: z.string().nullable(),
  lastTransportVolume: z.number().nullable(),
  lastTransportVolumeUnit: z.number().nullable(),
  lastValuablesCollected: z.number().nullable(),
  lastValuablesCollectedUnit: z.number().nullable(),
  lastVehicleNumber: z.string().nullable(),
  lastReporter: z.string().nullable(),
  lastTransporter: z.string().nullable(),
  lastDisposalMethodId: z.number().nullable(),
  /** The manifest's state on the network (e.g. TEMP_TRANSPORT); null before it is known. */
  manifestStatus: z.string().nullable(),
  /** Codes of the network functions still running for the manifest ('1000', '0403', ...). */
  runningFunctions: z.array(z.string()),
  isSyncedJWNet: z.boolean(),
  isJWNetApiAvailable: z.boolean(),
  isJWNetServiceStopDay: z.boolean(),
  /** When the report was synced to the network (ISO instant), null while not synced. */
  jwnetSyncedAt: z.string().nullable(),
  /** The unit master, for the unit selects and `isCountUnit`. */
  units: z.array(unitMeasureSchema),
  /** Transport-end report deadline (Japan date) and its state (transport-deadline.ts). */
  deadline: z.string(),
  deadlineState: z.enum(DEADLINE_STATES),
  createdAt: z.string(),
  /** The last day it is kept (the shared retention rule, `keptUntil`). */
  keptUntil: z.string(),
  /** The server's clock when it answered (ISO instant): the dialog judges the network's hours by it. */
  checkedAt: z.string(),
  /**
   * Why the network refused the report's latest work (a refused transport-end report, correction...), as a
   * message code (`jwnetRefusalMessage`); null when nothing was refused. The network's own sentence is kept
   * on the server for the record only.
   */
  jwnetRefusal: z.enum(MESSAGE_CODES).nullable(),
  /** Work for the network still waiting to be sent or answered (the queue holds it; nothing is lost). */
  jwnetPending: z.boolean(),
  /**
   * Valuables were reported (as last sent by the transporter) on a day the route had no transshipment storage
   * (valuables-transshipment.ts); a warning to the transporter.
   */
  valuablesWithoutTransshipment: z.boolean(),
});
export type TransportReport = z.infer<typeof transportReportSchema>;

/** A registered manifest the industrial report form offers (its number, not yet reported). */
export const reportableManifestSchema = z.object({
  manifestNumber: z.string(),
  wasteName: z.string(),
  deliveryDate: z.string().nullable(),
});

/**
 * GET /trans/transport-reports/options: what the industrial report form chooses from: the transporter's
 * industrial projects in progress (discharger, waste lines, manifests registered and not reported yet),
 * the unit master and the disposal methods, and today's Japan date (the end date's upper bound).
 */
export const industrialReportOptionsSchema = z.object({
  today: z.string(),
  projects: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      dischargerId: z.number(),
      dischargerName: z.string(),
      wastes: z.array(
        z.object({
          wasteId: z.number(),
          wasteName: z.string(),
          /**
           * When the route has transshipment storage for this waste under the transporter's permits (ISO days,
           * inclusive): valuables reported on another day are flagged (`isValuablesWithoutTransshipment`).
           */
          transshipmentPeriods: z.array(z.object({ from: z.string(), to: z.string() })),
        }),
      ),
      manifests: z.array(reportableManifestSchema),
    }),
  ),
  units: z.array(unitMeasureSchema),
  disposalMethods: z.array(z.object({ id: z.number(), method: z.string() })),
});
export type IndustrialReportOptions = z.infer<typeof industrialReportOptionsSchema>;

/** Answer of a correction, a cancel request, an approval or a rejection. */
export const reportActionResponseSchema = z.object({
  outcome: z.enum(['UPDATED', 'AWAITING_APPROVAL', 'DELETED']),
  report: transportReportSchema.nullable(),
});
export type ReportActionResponse = z.infer<typeof reportActionResponseSchema>;

type WasteTypeCode = (typeof WASTE_TYPE_CODE)[keyof typeof WASTE_TYPE_CODE];
const wasteTypeSchema = z.union([z.literal(WASTE_TYPE_CODE.INDUSTRIAL), z.literal(WASTE_TYPE_CODE.REGULAR)]);
/** Query text 1 or 2. */
const wasteTypeQuerySchema = decimalParam(1, 2).transform((v, ctx) => {
  if (v === WASTE_TYPE_CODE.INDUSTRIAL || v === WASTE_TYPE_CODE.REGULAR) return v as WasteTypeCode;
  ctx.addIssue({ code: 'custom', message: 'invalid_format' });
  return z.NEVER;
});

/** The list's filters: `type` 1 industrial, 2 regular, absent both; `companyId` the header's company selector. */
const achievementFiltersSchema = z.object({
  period: z.enum(ACHIEVEMENT_PERIODS).default('monthly'),
  year: yearSchema,
  month: monthSchema.optional(),
  type: wasteTypeQuerySchema.optional(),
  wasteName: z.string().trim().max(MAX_LENGTH.wasteNameSearch, 'max_length_exceeded').optional(),
  companyId: z.union([z.literal('ALL'), idParam()]).optional(),
});

const monthNeeded = (q: { period: string; month?: number }, ctx: z.RefinementCtx) => {
  if (q.period === 'monthly' && q.month === undefined)
    ctx.addIssue({ code: 'custom', path: ['month'], message: 'MSG_00_21' });
};

/**
 * GET /achievements and GET /trans/achievements: the list, by year or by month, a page at a time (the shared
 * list convention: page, size, sort, order).
 */
export const achievementListQuerySchema = achievementFiltersSchema
  .extend(pageQuerySchema.shape)
  .extend({ size: decimalParam(1, 100).default(ACHIEVEMENT_PAGE_SIZE) })
  .extend(sortQuerySchema(ACHIEVEMENT_SORT_KEYS, 'month').shape)
  .superRefine(monthNeeded);
export type AchievementListQuery = z.infer<typeof achievementListQuerySchema>;

/**
 * One line of the list: a waste of a discharger in a month (annual: per month of the year) in one unit.
 * Volumes in different units are never added: the same waste reported in t and in 個 makes two lines.
 */
export const achievementSummaryRowSchema = z.object({
  year: z.number(),
  month: z.number(),
  type: wasteTypeSchema,
  wasteCode: z.string(),
  wasteName: z.string(),
  wasteCompanyId: z.number(),
  wasteCompanyName: z.string(),
  /** The sum of the line's reports, all in the line's unit. */
  transportVolume: z.number(),
  /** The unit master's id of the line (regular: kg's); null only for reports stored without a unit. */
  transportVolumeUnitId: z.number().nullable(),
  /** Unit text (regular: kg); null only for reports stored without a unit. */
  transportVolumeUnit: z.string().nullable(),
  /** The most urgent status of the line's reports (`summaryReportStatus`); null for regular waste. */
  status: z.enum(REPORT_STATUSES).nullable(),
});
export type AchievementSummaryRow = z.infer<typeof achievementSummaryRowSchema>;

export const achievementListSchema = pageOf(achievementSummaryRowSchema).extend({
  /** Transporter's report buttons (section 2). */
  regularAvailable: z.boolean(),
  industryAvailable: z.boolean(),
  /**
   * The latest month with any line for the same company and type filters (whatever the period asked), so that
   * an empty month can say where the data is; null when there is none at all.
   */
  latestMonth: z.object({ year: z.number(), month: z.number() }).nullable(),
});
export type AchievementList = z.infer<typeof achievementListSchema>;

/**
 * GET /achievements/export and its trans/ variant: every line of the list's filters, in the list's order, in
 * batches of up to ACHIEVEMENT_EXPORT_BATCH (the CSV download asks page after page).
 */
export const achievementExportQuerySchema = achievementFiltersSchema
  .extend({
    page: decimalParam(1, 1_000_000).default(1),
    size: decimalParam(1, ACHIEVEMENT_EXPORT_BATCH).default(ACHIEVEMENT_EXPORT_BATCH),
  })
  .extend(sortQuerySchema(ACHIEVEMENT_SORT_KEYS, 'month').shape)
  .superRefine(monthNeeded);
export type AchievementExportQuery = z.infer<typeof achievementExportQuerySchema>;
export const achievementExportSchema = pageOf(achievementSummaryRowSchema);
export type AchievementExport = z.infer<typeof achievementExportSchema>;

/** The details' line: its period, waste type, waste, discharger and unit. */
const achievementDetailFiltersSchema = z.object({
  year: yearSchema,
  month: monthSchema.optional(),
  wasteType: wasteTypeQuerySchema,
  wasteCode: z.string({ error: 'MSG_00_21' }).trim().min(1, 'MSG_00_21').max(16, 'max_length_exceeded'),
  wasteCompanyId: idParam(),
  /** The line's unit (`transportVolumeUnitId`): only its reports are listed; absent lists every unit's. */
  unitId: idParam().optional(),
});

/**
 * GET /achievements/detail and its trans/ variant: the reports behind one line, a page at a time (the shared
 * list convention: page, size, sort, order), by date by default.
 */
export const achievementDetailQuerySchema = achievementDetailFiltersSchema
  .extend(pageQuery(ACHIEVEMENT_DETAIL_PAGE_SIZE).shape)
  .extend(sortQuerySchema(ACHIEVEMENT_DETAIL_SORT_KEYS, 'date').shape);
export type AchievementDetailQuery = z.infer<typeof achievementDetailQuerySchema>;

/** Achievement row of the details (section 3); `collectiondate` is the regular report's date. */
export const achievementRowSchema = z.object({
  id: z.number(),
  type: wasteTypeSchema,
  wasteName: z.string(),
  projectTitle: z.string(),
  manifestId: z.string().nullable(),
  endDateTransport: z.string().nullable(),
  transportVolume: z.number(),
  /** Unit text as shown (regular: kg). */
  transportVolumeUnit: z.string().nullable(),
  transporter: z.string().nullable(),
  status: z.enum(REPORT_STATUSES).nullable(),
  collectiondate: z.string().nullable(),
  wasteCompanyName: z.string(),
});
export type AchievementRow = z.infer<typeof achievementRowSchema>;

/**
 * The details: a page of the line's reports (`items`, `total`) and the header, which speaks for every report of
 * the line, not only the page's: the first report's waste name (by date) and the discharger's name.
 */
export const achievementDetailSchema = pageOf(achievementRowSchema).extend({
  year: z.number(),
  month: z.number().nullable(),
  wasteType: wasteTypeSchema,
  wasteName: z.string(),
  wasteCompanyName: z.string(),
});
export type AchievementDetail = z.infer<typeof achievementDetailSchema>;

/**
 * GET /achievements/detail/export and its trans/ variant: every report of the line, in the details' order, in
 * batches of up to ACHIEVEMENT_EXPORT_BATCH (the CSV download asks batch after batch).
 */
export const achievementDetailExportQuerySchema = achievementDetailFiltersSchema
  .extend({
    page: decimalParam(1, 1_000_000).default(1),
    size: decimalParam(1, ACHIEVEMENT_EXPORT_BATCH).default(ACHIEVEMENT_EXPORT_BATCH),
  })
  .extend(sortQuerySchema(ACHIEVEMENT_DETAIL_SORT_KEYS, 'date').shape);
export type AchievementDetailExportQuery = z.infer<typeof achievementDetailExportQuerySchema>;

/** The status a summary line shows: waiting for the discharger first, then a rejection, else none. */
export function summaryReportStatus(
  statuses: readonly (typeof REPORT_STATUSES)[number][],
): (typeof REPORT_STATUSES)[number] {
  if (statuses.includes('ACCEPTANCE_OR_DENIAL')) return 'ACCEPTANCE_OR_DENIAL';
  if (statuses.includes('REQUEST_DELETE')) return 'REQUEST_DELETE';
  if (statuses.includes('REJECTION')) return 'REJECTION';
  return 'BLANK';
}
