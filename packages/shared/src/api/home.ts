import { z } from 'zod';
import { PROJECT_STATUSES, PROJECT_TYPES } from '../enums';
import { idParam } from '../validation';
import { permitCoverageSchema } from './permit-coverage';

/** Company selector value: ALL or a company id. */
export const companyFilterQuerySchema = z.object({
  companyId: z.union([z.literal('ALL'), idParam()]).optional(),
});
export type CompanyFilterQuery = z.infer<typeof companyFilterQuerySchema>;

export const projectListItemSchema = z.object({
  id: z.number(),
  projectTitle: z.string(),
  projectStatus: z.enum(PROJECT_STATUSES),
  type: z.enum(PROJECT_TYPES),
  memo: z.string().nullable(),
  company: z.object({ id: z.number(), name: z.string() }),
  transportCompany: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdDate: z.string(),
  /** On a transporter's list, for each open industrial request: whether its permits cover it (issue 15). */
  permitCoverage: permitCoverageSchema.optional(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;
