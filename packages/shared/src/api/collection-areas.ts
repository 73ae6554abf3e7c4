import { z } from 'zod';
import { WASTE_TYPE_CODE } from '../enums';
import { decimalParam, idSchema, MAX_ID, postalCodeSchema, requiredString } from '../validation';
import { periodDateSchema, periodPriceFields } from './period-prices';

/** Collection areas serve one waste type: regular (一般廃棄物) or industrial (産業廃棄物). */
export const COLLECTION_AREA_TYPES = ['REGULAR', 'INDUSTRIAL'] as const;
export type CollectionAreaType = (typeof COLLECTION_AREA_TYPES)[number];

export const COLLECTION_AREA_LIMITS = {
  areaName: 32,
  licenseNumber: 32,
  administrativeDistrict: 32,
  posCodes: 500,
  prices: 100,
} as const;

export const collectionAreaTypeSchema = z.enum(COLLECTION_AREA_TYPES, { error: 'MSG_00_21' });

const optionalId = idSchema.nullish();
const optionalText = (max: number) => z.string().trim().max(max, 'max_length_exceeded').default('');

/**
 * A unit price with its validity period (both ends inclusive; no `validTo` = until further notice).
 * `validTo` before `validFrom` and overlapping periods of one waste in the list are refused by the server
 * (invalid_period, period_overlap) with the shared rules of rules/price-period.ts.
 */
export const areaPriceInputSchema = z.object({
  /** An existing price row being kept (update); absent for a new row. */
  id: optionalId,
  /** The waste this price is for; none = the area's price for any waste. */
  wasteId: optionalId,
  unitMeasureId: optionalId,
  ...periodPriceFields,
});
export type AreaPriceInput = z.infer<typeof areaPriceInputSchema>;

export const collectionAreaRequestSchema = z.object({
  areaName: requiredString(COLLECTION_AREA_LIMITS.areaName),
  type: collectionAreaTypeSchema,
  posCodes: z
    .array(postalCodeSchema)
    .min(1, 'MSG_00_21')
    .max(COLLECTION_AREA_LIMITS.posCodes, 'max_length_exceeded'),
  licenseNumber: optionalText(COLLECTION_AREA_LIMITS.licenseNumber),
  administrativeDistrict: optionalText(COLLECTION_AREA_LIMITS.administrativeDistrict),
  prices: z.array(areaPriceInputSchema).max(COLLECTION_AREA_LIMITS.prices).default([]),
});
export type CollectionAreaRequest = z.infer<typeof collectionAreaRequestSchema>;
export type CollectionAreaRequestInput = z.input<typeof collectionAreaRequestSchema>;

export const areaPriceSchema = z.object({
  id: z.number(),
  wasteId: z.number().nullable(),
  wasteName: z.string().nullable(),
  unitMeasureId: z.number().nullable(),
  unit: z.string().nullable(),
  unitPrice: z.number(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
});
export type AreaPrice = z.infer<typeof areaPriceSchema>;

export const collectionAreaSchema = z.object({
  id: z.number(),
  type: collectionAreaTypeSchema,
  areaName: z.string(),
  licenseNumber: z.string(),
  administrativeDistrict: z.string(),
  posCodes: z.array(z.string()),
  prices: z.array(areaPriceSchema),
  updatedAt: z.string(),
});
export type CollectionArea = z.infer<typeof collectionAreaSchema>;
export const collectionAreaListSchema = z.array(collectionAreaSchema);

/** A query's waste type: the name, or the spec's code (1 industrial, 2 regular). */
export const collectionAreaTypeQuerySchema = z.union(
  [
    collectionAreaTypeSchema,
    z
      .enum(['1', '2'])
      .transform(
        (code): CollectionAreaType =>
          Number(code) === WASTE_TYPE_CODE.INDUSTRIAL ? 'INDUSTRIAL' : 'REGULAR',
      ),
  ],
  { error: (issue) => (issue.input === undefined ? 'MSG_00_21' : 'invalid_format') },
);

export const collectionAreaListQuerySchema = z.object({ type: collectionAreaTypeQuerySchema.optional() });

/** `id` is the area being edited, 0 for a new one (it is left out of the check). */
export const areaNameExistsParamsSchema = z.object({ id: decimalParam(0, MAX_ID) });
export const areaNameExistsQuerySchema = z.object({
  areaName: requiredString(COLLECTION_AREA_LIMITS.areaName),
  type: collectionAreaTypeQuerySchema,
});
export const areaNameExistsResponseSchema = z.object({ exists: z.boolean() });

export const posCodeExistsQuerySchema = z.object({
  posCode: postalCodeSchema,
  type: collectionAreaTypeQuerySchema,
  /** The area being edited, whose own codes do not count. */
  excludeAreaId: decimalParam(0, MAX_ID).optional(),
});
export const posCodeExistsResponseSchema = z.object({
  exists: z.boolean(),
  areaName: z.string().optional(),
});

/**
 * GET /collection-area/lookup: whether an approved transport company collects at a postal code. The areas
 * (company, prices valid on `date`, default today) are only what the caller may see: a transporter its own,
 * an administrator all; a discharger learns only `served`, never a contractor's name or prices.
 */
export const collectionAreaLookupQuerySchema = z.object({
  posCode: postalCodeSchema,
  type: collectionAreaTypeQuerySchema,
  date: periodDateSchema.optional(),
});
export const collectionAreaLookupResponseSchema = z.object({
  served: z.boolean(),
  areas: z.array(
    z.object({
      transportCompanyId: z.number(),
      transportCompanyName: z.string(),
      areaId: z.number(),
      areaName: z.string(),
      prices: z.array(areaPriceSchema),
    }),
  ),
});
export type CollectionAreaLookup = z.infer<typeof collectionAreaLookupResponseSchema>;
