import { z } from 'zod';
import { INQUIRY_IMPORTANCES, INQUIRY_STATUSES, PROJECT_STATUSES, PROJECT_TYPES } from '../enums';
import { idParam } from '../validation';

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
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

export const inquiryListItemSchema = z.object({
  id: z.number(),
  importance: z.enum(INQUIRY_IMPORTANCES),
  companyName: z.string(),
  subject: z.string(),
  content: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  createdDate: z.string(),
});
export const inquiryListSchema = z.array(inquiryListItemSchema);

/** Home labels CREATING_CONTRACT as quote approval for dischargers. */
export function projectStatusLabelKey(
  status: (typeof PROJECT_STATUSES)[number],
  isDischarger: boolean,
): string {
  if (isDischarger && status === 'CREATING_CONTRACT') return 'projectStatus.QUOTE_APPROVAL';
  return `projectStatus.${status}`;
}

/** Inquiry ids show as five digits, zero-padded. */
export function formatInquiryId(id: number): string {
  return String(id).padStart(5, '0');
}
