import { z } from 'zod';
import { COLLECTION_STATUSES, VEHICLE_LIMITS } from '../collection-rules';
import {
  DRIVER_MARK_MAX,
  DRIVER_MARK_RESULTS,
  DRIVER_MARK_STATES,
  NOT_COLLECTED_REASONS,
} from '../driver-rules';
import { BAG_SIZES, PROJECT_TYPES } from '../enums';
import { MAX_ID } from '../field-rules';
import { emailSchema, idParam, idSchema, isoDateSchema, requiredString, textSchema } from '../validation';

/**
 * The driver's day (issue 30). The office (TRANSPORT, DRIVER_MANAGEMENT) keeps its drivers and vehicles, gives
 * stops to a driver or a vehicle and orders each day's round, and decides on conflicting marks; a driver (DRIVER,
 * DRIVER_DAY) reads its stops and sends a mark per stop, with a photo after it.
 */

export const VEHICLE_CLASSES = VEHICLE_LIMITS.filter((v) => v !== 'NONE') as Exclude<
  (typeof VEHICLE_LIMITS)[number],
  'NONE'
>[];

export const DRIVER_MAX = { vehicleName: 64, plateNumber: 32, driverName: 64 } as const;

// --- vehicles -----------------------------------------------------------------------------------------------------

export const vehicleSchema = z.object({
  id: z.number(),
  name: z.string(),
  plateNumber: z.string(),
  vehicleClass: z.enum(VEHICLE_CLASSES as [string, ...string[]]),
  active: z.boolean(),
  /** How many drivers have it as their usual vehicle. */
  driverCount: z.number(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehicleListSchema = z.array(vehicleSchema);

/** Body of POST /trans/vehicles and PUT /trans/vehicles/{id}. */
export const vehicleInputSchema = z.object({
  name: requiredString(DRIVER_MAX.vehicleName),
  plateNumber: textSchema().trim().max(DRIVER_MAX.plateNumber, 'max_length_exceeded').default(''),
  vehicleClass: z.enum(VEHICLE_CLASSES as [string, ...string[]], { error: 'MSG_00_21' }),
  active: z.boolean().default(true),
});
export type VehicleInput = z.input<typeof vehicleInputSchema>;

// --- drivers ------------------------------------------------------------------------------------------------------

export const driverSchema = z.object({
  id: z.number(),
  userName: z.string(),
  email: z.string(),
  vehicleId: z.number().nullable(),
  vehicleName: z.string().nullable(),
  /** The account can sign in (false until the driver sets a password from the mail, or when the office stops it). */
  enabled: z.boolean(),
  /** The driver has set a password from the invitation. */
  activated: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type Driver = z.infer<typeof driverSchema>;
export const driverListSchema = z.array(driverSchema);

/** Body of POST /trans/drivers: the driver gets a mail to set a password (as a registered user does). */
export const driverCreateSchema = z.object({
  userName: requiredString(DRIVER_MAX.driverName),
  email: emailSchema,
  vehicleId: idSchema.nullable().default(null),
});
export type DriverCreateInput = z.input<typeof driverCreateSchema>;

/** Body of PUT /trans/drivers/{id}. `enabled: false` stops the account and ends its sign-ins. */
export const driverUpdateSchema = z.object({
  userName: requiredString(DRIVER_MAX.driverName),
  vehicleId: idSchema.nullable(),
  enabled: z.boolean(),
});
export type DriverUpdateInput = z.input<typeof driverUpdateSchema>;

// --- dispatch -----------------------------------------------------------------------------------------------------

export const dispatchQuerySchema = z.object({ date: isoDateSchema() });

const markLineSchema = z.object({
  wasteLineId: z.number(),
  bags: z.record(z.string(), z.number()),
  weightKg: z.number().nullable(),
  volume: z.number().nullable(),
});

/** A driver's mark as the office and the discharger see it: the proof of collection. */
export const proofSchema = z.object({
  id: z.number(),
  collectionId: z.number(),
  result: z.enum(DRIVER_MARK_RESULTS),
  reasonCode: z.enum(NOT_COLLECTED_REASONS).nullable(),
  reasonText: z.string().nullable(),
  lines: z.array(
    markLineSchema.extend({
      wasteName: z.string(),
      unit: z.string().nullable(),
      kind: z.enum(PROJECT_TYPES),
    }),
  ),
  markedAt: z.string(),
  receivedAt: z.string(),
  driverName: z.string(),
  vehicleName: z.string().nullable(),
  state: z.enum(DRIVER_MARK_STATES),
  conflictCode: z.string().nullable(),
  hasPhoto: z.boolean(),
  position: z
    .object({ latitude: z.number(), longitude: z.number(), accuracy: z.number().nullable() })
    .nullable(),
});
export type Proof = z.infer<typeof proofSchema>;

/** A stop of GET /trans/dispatch: one collection of the day with its dispatch. */
export const dispatchStopSchema = z.object({
  id: z.number(),
  date: z.string(),
  status: z.enum(COLLECTION_STATUSES),
  projectTitle: z.string(),
  dischargerName: z.string(),
  siteName: z.string(),
  address: z.string(),
  /** The transporter's collection area the site's postal code lies in; null when none holds it. */
  areaName: z.string().nullable(),
  wasteNames: z.array(z.string()),
  vehicleLimit: z.enum(VEHICLE_LIMITS),
  entryFrom: z.string().nullable(),
  entryUntil: z.string().nullable(),
  driverUserId: z.number().nullable(),
  vehicleId: z.number().nullable(),
  stopOrder: z.number().nullable(),
  /** The latest mark of a driver on it, if any. */
  lastMark: proofSchema.pick({ result: true, state: true, markedAt: true, driverName: true }).nullable(),
});
export type DispatchStop = z.infer<typeof dispatchStopSchema>;

export const dispatchSchema = z.object({
  date: z.string(),
  /** In the office's order (`compareStops`). */
  stops: z.array(dispatchStopSchema),
  drivers: z.array(driverSchema.pick({ id: true, userName: true, vehicleId: true, enabled: true })),
  vehicles: z.array(vehicleSchema.pick({ id: true, name: true, vehicleClass: true, active: true })),
  /** Marks waiting for the office's decision, whatever their day. */
  conflictCount: z.number(),
});
export type Dispatch = z.infer<typeof dispatchSchema>;

const idList = (max: number) =>
  z
    .array(idSchema)
    .min(1, 'MSG_00_21')
    .max(max, 'invalid_format')
    .refine((ids) => new Set(ids).size === ids.length, 'invalid_format');

/** Body of POST /trans/dispatch/assign: these stops to a driver and/or a vehicle (null takes it away). */
export const dispatchAssignSchema = z.object({
  collectionIds: idList(500),
  driverUserId: idSchema.nullable(),
  vehicleId: idSchema.nullable(),
});
export type DispatchAssignInput = z.input<typeof dispatchAssignSchema>;

/** Body of POST /trans/dispatch/order: the day's stops in the round's order (each a stop of that day). */
export const dispatchOrderSchema = z.object({ date: isoDateSchema(), collectionIds: idList(500) });
export type DispatchOrderInput = z.input<typeof dispatchOrderSchema>;

export const dispatchResultSchema = z.object({ updated: z.number() });

/** A conflicting mark with the stop as it stands now, for the office to apply or discard. */
export const markConflictSchema = z.object({
  mark: proofSchema,
  collection: z.object({
    id: z.number(),
    date: z.string(),
    status: z.enum(COLLECTION_STATUSES),
    projectTitle: z.string(),
    dischargerName: z.string(),
    siteName: z.string(),
  }),
  /** Whether applying it now is allowed (`canApplyMark`); otherwise only discarding is. */
  canApply: z.boolean(),
});
export const markConflictListSchema = z.array(markConflictSchema);
export type MarkConflict = z.infer<typeof markConflictSchema>;

export const markIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'invalid_format')
    .transform(Number)
    .pipe(z.number().int().min(1, 'invalid_format').max(MAX_ID, 'invalid_format')),
});

// --- the driver's day ----------------------------------------------------------------------------------------------

export const driverStopSchema = z.object({
  id: z.number(),
  /** The collection's version: a mark carries it, so a change made meanwhile is seen as a conflict. */
  version: z.number(),
  date: z.string(),
  status: z.enum(COLLECTION_STATUSES),
  areaName: z.string().nullable(),
  stopOrder: z.number().nullable(),
  projectTitle: z.string(),
  projectType: z.enum(PROJECT_TYPES),
  dischargerName: z.string(),
  site: z.object({
    name: z.string(),
    address: z.string(),
    postalCode: z.string(),
    tel: z.string(),
    pic: z.string(),
  }),
  entryFrom: z.string().nullable(),
  entryUntil: z.string().nullable(),
  vehicleLimit: z.enum(VEHICLE_LIMITS),
  memo: z.string().nullable(),
  lines: z.array(
    z.object({
      wasteLineId: z.number(),
      wasteName: z.string(),
      kind: z.enum(PROJECT_TYPES),
      bags: z.record(z.string(), z.number()),
      volume: z.number().nullable(),
      unit: z.string().nullable(),
    }),
  ),
  /** The latest mark on it (any driver's), so a phone that lost its queue still shows the stop done. */
  lastMark: proofSchema.pick({ result: true, state: true, markedAt: true }).nullable(),
});
export type DriverStop = z.infer<typeof driverStopSchema>;

export const driverDaySchema = z.object({
  /** The business date: the stops are from it to `to`. */
  today: z.string(),
  to: z.string(),
  driver: z.object({ userName: z.string(), vehicleName: z.string().nullable() }),
  /** In the office's order (`compareStops`): confirmed stops and those already marked. */
  stops: z.array(driverStopSchema),
});
export type DriverDay = z.infer<typeof driverDaySchema>;

const bagCounts = z
  .partialRecord(
    z.enum(BAG_SIZES.map(String) as [string, ...string[]]),
    z.number().int('invalid_format').min(0, 'invalid_format').max(DRIVER_MARK_MAX.bags, 'invalid_format'),
  )
  .default({});
const amount = (max: number) =>
  z
    .number()
    .min(0, 'invalid_format')
    .max(max, 'invalid_format')
    // Hundredths at most, as the report keeps weights.
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'invalid_format')
    .transform((v) => Math.round(v * 100) / 100)
    .nullable()
    .default(null);

/** Body of POST /driver/marks: one mark made on the phone, sent (and resent) with its client id. */
export const driverMarkInputSchema = z
  .object({
    clientId: z.uuid({ error: 'invalid_format' }),
    collectionId: idSchema,
    baseVersion: z.number().int('invalid_format').min(1, 'invalid_format').max(MAX_ID, 'invalid_format'),
    baseDate: isoDateSchema(),
    result: z.enum(DRIVER_MARK_RESULTS, { error: 'MSG_00_21' }),
    reasonCode: z.enum(NOT_COLLECTED_REASONS, { error: 'invalid_format' }).nullable().default(null),
    reasonText: textSchema()
      .trim()
      .max(DRIVER_MARK_MAX.reasonText, 'max_length_exceeded')
      .nullable()
      .default(null),
    lines: z
      .array(
        z.object({
          wasteLineId: idSchema,
          bags: bagCounts,
          weightKg: amount(DRIVER_MARK_MAX.weightKg),
          volume: amount(DRIVER_MARK_MAX.volume),
        }),
      )
      .max(30, 'invalid_format')
      .default([]),
    markedAt: z.iso.datetime({ offset: true, error: 'invalid_format' }),
    position: z
      .object({
        latitude: z.number().min(-90, 'invalid_format').max(90, 'invalid_format'),
        longitude: z.number().min(-180, 'invalid_format').max(180, 'invalid_format'),
        accuracy: z.number().min(0, 'invalid_format').max(100_000, 'invalid_format').nullable().default(null),
      })
      .nullable()
      .default(null),
  })
  .superRefine((m, ctx) => {
    if (m.result === 'NOT_COLLECTED' && !m.reasonCode)
      ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: 'MSG_00_21' });
    if (m.result === 'NOT_COLLECTED' && m.reasonCode === 'OTHER' && !m.reasonText)
      ctx.addIssue({ code: 'custom', path: ['reasonText'], message: 'MSG_00_21' });
    if (m.result === 'COLLECTED') {
      const counted = m.lines.some(
        (l) =>
          Object.values(l.bags).some((n) => (n ?? 0) > 0) || (l.weightKg ?? 0) > 0 || (l.volume ?? 0) > 0,
      );
      if (!counted) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'bag_or_volume_required' });
    }
    const seen = new Set<number>();
    m.lines.forEach((line, i) => {
      if (seen.has(line.wasteLineId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'wasteLineId'], message: 'same_waste_twice' });
      seen.add(line.wasteLineId);
    });
  });
export type DriverMarkInput = z.input<typeof driverMarkInputSchema>;
export type DriverMarkBody = z.output<typeof driverMarkInputSchema>;

/** Answer of POST /driver/marks (the same for a retry of the same client id). */
export const driverMarkResultSchema = z.object({
  clientId: z.string(),
  markId: z.number(),
  state: z.enum(DRIVER_MARK_STATES),
  conflictCode: z.string().nullable(),
  collectionStatus: z.enum(COLLECTION_STATUSES),
  hasPhoto: z.boolean(),
});
export type DriverMarkResultAnswer = z.infer<typeof driverMarkResultSchema>;

export const markClientIdParamSchema = z.object({ clientId: z.uuid({ error: 'invalid_format' }) });

/** Params of GET /collections/{id}/proofs/{proofId}/photo (and /trans/...): a mark's photo on a collection. */
export const proofPhotoParamSchema = z.object({ id: idParam(), proofId: idParam() });
