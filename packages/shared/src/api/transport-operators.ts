import { z } from 'zod';
import { PREFECTURES } from '../prefectures';
import { PERMIT_KINDS, PERMIT_STATUSES } from '../rules/permit-rules';
import { idParam, idSchema } from '../validation';
import { pageOf, pageQuerySchema } from './common';
import { permitExpiryCountsSchema } from './permits';

export const TRANSPORT_OPERATOR_MAX_LENGTH = { contractManager: 16, query: 64 } as const;

/** GET /admin/transport-operators?query=&page=&size= : query matches the company name or contract manager. */
export const transportOperatorListQuerySchema = pageQuerySchema.extend({
  query: z.string().trim().max(TRANSPORT_OPERATOR_MAX_LENGTH.query, 'max_length_exceeded').optional(),
});
export type TransportOperatorListQuery = z.infer<typeof transportOperatorListQuerySchema>;

export const companyIdParamSchema = z.object({ companyId: idParam() });

/** A transport company with what the platform records about it (its profile, empty until saved). */
export const transportOperatorSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  contractManager: z.string(),
  compatibleAreas: z.array(z.string()),
  destination: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
  /** Its live permits expiring within 90 days, within 30 days, and expired (Japan date of the answer). */
  permitExpiry: permitExpiryCountsSchema,
});
export type TransportOperator = z.infer<typeof transportOperatorSchema>;

/** GET /admin/transport-operators/{companyId}/permits: the operator's live permits, soonest expiry first. */
export const operatorPermitSchema = z.object({
  id: z.number().int(),
  districtCode: z.string(),
  licenseNumber: z.string(),
  kind: z.enum(PERMIT_KINDS),
  issueDate: z.string(),
  expiryDate: z.string(),
  status: z.enum(PERMIT_STATUSES),
  daysLeft: z.number().int(),
});
export type OperatorPermit = z.infer<typeof operatorPermitSchema>;

export const transportOperatorPageSchema = pageOf(transportOperatorSchema);
export type TransportOperatorPage = z.infer<typeof transportOperatorPageSchema>;

/** PUT /admin/transport-operators/{companyId}: saves (creates or replaces) the profile. */
export const transportOperatorInputSchema = z.object({
  contractManager: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ error: 'invalid_format' })
      .trim()
      .max(TRANSPORT_OPERATOR_MAX_LENGTH.contractManager, 'max_length_exceeded'),
  ),
  compatibleAreas: z
    .array(z.enum(PREFECTURES, { error: 'invalid_format' }), { error: 'invalid_format' })
    .max(PREFECTURES.length)
    .default([]),
  destinationDisposalSiteId: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    idSchema.nullable(),
  ),
});
export type TransportOperatorInput = z.input<typeof transportOperatorInputSchema>;
