import { z } from 'zod';
import { PERMIT_COVERAGE_REASONS } from '../rules/permit-coverage';

/**
 * One gap in a transporter's permit coverage of a project, as the screens show it: the district (a prefecture
 * code such as "13", an address whose prefecture could not be read, or null), the major waste class with its
 * name, and the reason (PERMIT_COVERAGE_MESSAGES gives its message code).
 */
export const permitCoverageGapSchema = z.object({
  district: z.string().nullable(),
  wasteKind: z.object({ id: z.number(), name: z.string() }).nullable(),
  reason: z.enum(PERMIT_COVERAGE_REASONS),
});
export type PermitCoverageGapAnswer = z.infer<typeof permitCoverageGapSchema>;

/** Whether the transporter's permits cover an industrial project over the days checked (`coveragePeriod`). */
export const permitCoverageSchema = z.object({
  covered: z.boolean(),
  missing: z.array(permitCoverageGapSchema),
  periodFrom: z.string(),
  periodTo: z.string(),
});
export type PermitCoverageAnswer = z.infer<typeof permitCoverageSchema>;

/** GET /trans/permits/coverage-gaps: a contract in force that the transporter's permits do not cover. */
export const contractCoverageGapSchema = z.object({
  projectId: z.number(),
  projectTitle: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  coverage: permitCoverageSchema,
});
export type ContractCoverageGap = z.infer<typeof contractCoverageGapSchema>;
