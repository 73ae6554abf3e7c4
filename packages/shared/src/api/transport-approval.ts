import { z } from 'zod';
import { TRANSPORT_APPROVAL_STATUSES } from '../enums';

export const TRANSPORT_APPROVAL_MAX_LENGTH = { reason: 500 } as const;

/** GET /admin/transport-companies?approvalStatus=PENDING : transport companies by approval state, oldest first. */
export const transportApprovalListQuerySchema = z.object({
  approvalStatus: z.enum(TRANSPORT_APPROVAL_STATUSES, { error: 'invalid_format' }).default('PENDING'),
});

/** What the company registered and the permit data the product holds about it, for the admin's decision. */
export const transportApprovalCompanySchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  postalCode: z.string(),
  address: z.string(),
  tel: z.string(),
  email: z.string(),
  contractPic: z.string(),
  approvalStatus: z.enum(TRANSPORT_APPROVAL_STATUSES),
  approvalDecidedAt: z.string().nullable(),
  createdAt: z.string(),
  users: z.array(
    z.object({
      userName: z.string(),
      email: z.string(),
      registrantNumber: z.string().nullable(),
      enabled: z.boolean(),
    }),
  ),
  offices: z.array(z.object({ name: z.string(), address: z.string(), tel: z.string() })),
  /** Licence number and district of each collection area the company holds. */
  areaLicenses: z.array(
    z.object({ areaName: z.string(), type: z.string(), licenseNumber: z.string(), district: z.string() }),
  ),
  /** Licences named in its contracts. */
  contractLicenses: z.array(
    z.object({ licenseNumber: z.string(), district: z.string(), expireDate: z.string() }),
  ),
  /** The transport operator master's profile, when an administrator saved one. */
  profile: z.object({ contractManager: z.string(), compatibleAreas: z.array(z.string()) }).nullable(),
});
export type TransportApprovalCompany = z.infer<typeof transportApprovalCompanySchema>;
export const transportApprovalListSchema = z.array(transportApprovalCompanySchema);

/** POST /admin/transport-companies/{companyId}/reject : the reason is mailed to the company. */
export const transportRejectRequestSchema = z.object({
  reason: z
    .string({ error: 'MSG_00_21' })
    .trim()
    .min(1, 'MSG_00_21')
    .max(TRANSPORT_APPROVAL_MAX_LENGTH.reason, 'max_length_exceeded'),
});
export type TransportRejectRequest = z.infer<typeof transportRejectRequestSchema>;
