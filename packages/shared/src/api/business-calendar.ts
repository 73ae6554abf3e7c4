import { z } from 'zod';
import { NON_BUSINESS_REASONS, TIME_PATTERN } from '../business-day';
import { COLLECTION_STATUSES } from '../collection-rules';
import { decimalParam, idParam, isoDateSchema } from '../validation';

const timeSchema = z.string({ error: 'MSG_00_21' }).min(1, 'MSG_00_21').regex(TIME_PATTERN, 'invalid_format');
const dateSchema = isoDateSchema();

/** Business days and hours of the caller's transport company; openTime < closeTime (invalid_business_hours). */
export const businessSettingsSchema = z.object({
  weekdays: z
    .array(z.number().int().min(0).max(6), { error: 'MSG_00_21' })
    .min(1, 'MSG_00_21')
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'invalid_format'),
  openTime: timeSchema,
  closeTime: timeSchema,
  closedOnNationalHolidays: z.boolean({ error: 'MSG_00_21' }),
  /** Closed from 29 December to 3 January; absent keeps it open (older clients). */
  closedOnYearEnd: z.boolean().default(false),
});
export type BusinessSettingsBody = z.infer<typeof businessSettingsSchema>;

export const CLOSED_DAY_REASON_MAX = 64;

export const closedDayRequestSchema = z.object({
  date: dateSchema,
  reason: z.string().trim().max(CLOSED_DAY_REASON_MAX, 'max_length_exceeded').default(''),
});
export type ClosedDayRequest = z.infer<typeof closedDayRequestSchema>;

export const closedDaySchema = z.object({ id: z.number(), date: z.string(), reason: z.string() });
export type ClosedDayRow = z.infer<typeof closedDaySchema>;
export const closedDayListSchema = z.array(closedDaySchema);

const yearSchema = decimalParam(1970, 2100);
export const closedDayListQuerySchema = z.object({ year: yearSchema });

export const businessCalendarQuerySchema = z.object({
  year: yearSchema,
  month: decimalParam(1, 12),
});

export const nonBusinessReasonSchema = z.enum(NON_BUSINESS_REASONS);

/** One day of the month in Japan time. */
export const businessCalendarDaySchema = z.object({
  date: z.string(),
  weekday: z.number(),
  isBusinessDay: z.boolean(),
  reason: nonBusinessReasonSchema.optional(),
  holidayName: z.string().optional(),
  /** The holiday's English name, for the English screen. */
  holidayNameEn: z.string().optional(),
  closedReason: z.string().optional(),
});
export type BusinessCalendarDay = z.infer<typeof businessCalendarDaySchema>;
export const businessCalendarSchema = z.array(businessCalendarDaySchema);

export const isCollectableQuerySchema = z.object({
  date: dateSchema,
  /** Defaults to the caller's own transport company. */
  transportCompanyId: idParam().optional(),
});
export const isCollectableResponseSchema = z.object({
  collectable: z.boolean(),
  reason: nonBusinessReasonSchema.optional(),
  holidayName: z.string().optional(),
  closedReason: z.string().optional(),
});

/**
 * A collection still to happen (from today) on a day the transporter's calendar no longer collects on, and
 * what saving the change does to it: another date is proposed to the discharger (`proposedDate`), or, when
 * the contract period has no collectable day left, it is returned (`proposedDate` null).
 */
const calendarImpactItemSchema = z.object({
  id: z.number(),
  date: z.string(),
  status: z.enum(COLLECTION_STATUSES),
  /** Why the day is not collected any more. */
  reason: nonBusinessReasonSchema,
  proposedDate: z.string().nullable(),
  project: z.object({ id: z.number(), title: z.string() }),
  discharger: z.object({ id: z.number(), name: z.string() }),
  dischargeSite: z.object({ id: z.number(), name: z.string() }),
});
export type CalendarImpactItem = z.infer<typeof calendarImpactItemSchema>;

/** Answer of the impact previews (settings, a closed day): the collections the change moves, by date. */
export const calendarImpactSchema = z.object({ collections: z.array(calendarImpactItemSchema) });
export type CalendarImpact = z.infer<typeof calendarImpactSchema>;
