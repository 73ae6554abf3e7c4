import { z } from 'zod';
import { COMPANY_TYPES } from '../enums';

export const companyListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;
export const companyListSchema = z.array(companyListItemSchema);

export const companyAuthTokenQuerySchema = z.object({
  isTransport: z.enum(['true', 'false']).transform((v) => v === 'true'),
});
