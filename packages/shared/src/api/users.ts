import { z } from 'zod';
import { ROLES, TRANSPORT_APPROVAL_STATUSES } from '../enums';
import {
  ediKeySchema,
  emailSchema,
  MAX_ID,
  MAX_LENGTH,
  phoneSchema,
  postalCodeSchema,
  registrantNumberSchema,
  requiredString,
} from '../validation';
import { accountInvoiceRegistrationNumberSchema } from './qualified-invoices';

/** Entries with this id are new; any other id names an existing, read-only entry. */
export const NEW_ENTRY_ID = -1;

const optionalBlank = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const officeInfoSchema = z.object({
  officeId: z.number().int().min(NEW_ENTRY_ID, 'invalid_format').max(MAX_ID, 'invalid_format'),
  officeName: requiredString(MAX_LENGTH.officeName),
  officePostalCode: postalCodeSchema,
  officeAddress: requiredString(MAX_LENGTH.address),
  officeTelephone: phoneSchema,
  officeEmail: emailSchema,
});
export type OfficeInfo = z.infer<typeof officeInfoSchema>;

export const dischargeSiteInfoSchema = z.object({
  wasteId: z.number().int().min(NEW_ENTRY_ID, 'invalid_format').max(MAX_ID, 'invalid_format'),
  dischargeSitename: requiredString(MAX_LENGTH.dischargeSiteName),
  wastePostalCode: postalCodeSchema,
  wasteAddress: requiredString(MAX_LENGTH.address),
  wasteAddress2: requiredString(MAX_LENGTH.address),
  wasteAddress3: requiredString(MAX_LENGTH.wasteAddress3),
  wasteTelephone: phoneSchema,
  wasteEmail: emailSchema,
  wasteStaff: requiredString(MAX_LENGTH.contractPic),
});
export type DischargeSiteInfo = z.infer<typeof dischargeSiteInfoSchema>;

/** Account information as read and written by users/info, trans/users/info and PUT /users/{id}. */
export const accountInfoSchema = z.object({
  accountName: requiredString(MAX_LENGTH.accountName),
  companyName: requiredString(MAX_LENGTH.companyName),
  companyPostalCode: postalCodeSchema,
  companyAddress: requiredString(MAX_LENGTH.address),
  companyTelephone: phoneSchema,
  companyEmail: emailSchema,
  contractPic: requiredString(MAX_LENGTH.contractPic),
  registrantNumber: optionalBlank(registrantNumberSchema),
  ediConfirmationKey: optionalBlank(ediKeySchema),
  /** A transport company's qualified-invoice registration number (ignored for dischargers). */
  invoiceRegistrationNumber: accountInvoiceRegistrationNumberSchema,
  offices: z.array(officeInfoSchema).max(50).default([]),
  wastes: z.array(dischargeSiteInfoSchema).max(200).default([]),
});
export type AccountInfoInput = z.input<typeof accountInfoSchema>;
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** What the server answers for users/info: stored values may be incomplete before registration. */
export const accountInfoResponseSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  accountName: z.string(),
  companyName: z.string(),
  companyPostalCode: z.string(),
  companyAddress: z.string(),
  companyTelephone: z.string(),
  companyEmail: z.string(),
  contractPic: z.string(),
  registrantNumber: z.string().nullable(),
  ediConfirmationKey: z.string().nullable(),
  invoiceRegistrationNumber: z.string().nullable(),
  offices: z.array(
    z.object({
      officeId: z.number(),
      officeName: z.string(),
      officePostalCode: z.string(),
      officeAddress: z.string(),
      officeTelephone: z.string(),
      officeEmail: z.string(),
    }),
  ),
  wastes: z.array(
    z.object({
      wasteId: z.number(),
      dischargeSitename: z.string(),
      wastePostalCode: z.string(),
      wasteAddress: z.string(),
      wasteAddress2: z.string(),
      wasteAddress3: z.string(),
      wasteTelephone: z.string(),
      wasteEmail: z.string(),
      wasteStaff: z.string(),
    }),
  ),
});
export type AccountInfoResponse = z.infer<typeof accountInfoResponseSchema>;

/** PUT /users/{id} (no bearer): registration after activation carries the emailed token. */
export const registrationRequestSchema = accountInfoSchema.extend({
  emailToken: z.string().min(1, 'MSG_00_21').max(200),
});

export const checkKeyRegisteredQuerySchema = z.object({ subNumOrEdiKey: z.string().min(1).max(16) });
export const checkKeyRegisteredResponseSchema = z.object({ registered: z.boolean() });

export const permissionsResponseSchema = z.object({
  permissions: z.array(z.string()),
  /** The signed-in transporter's company approval (null for other roles): the screens explain a wait. */
  transportApproval: z.enum(TRANSPORT_APPROVAL_STATUSES).nullable(),
});

/**
 * An office or discharge site in an update: a new entry (id -1) carries every field, validated; an
 * existing one is only referenced by its id (its other fields are not editable and are ignored).
 */
const newOrExistingEntry = <K extends string, T extends z.ZodObject>(idKey: K, full: T) =>
  z
    .object({ [idKey]: z.number({ error: 'invalid_format' }).int('invalid_format') } as Record<
      K,
      z.ZodNumber
    >)
    .loose()
    .transform((entry, ctx): z.infer<T> | Record<K, number> => {
      const id = (entry as Record<string, number>)[idKey];
      if (id !== NEW_ENTRY_ID) return { [idKey]: id } as Record<K, number>;
      const parsed = full.safeParse(entry);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      return z.NEVER;
    });

/** PUT /users and PUT /trans/users: the account information; an existing entry left out is removed. */
export const accountUpdateRequestSchema = accountInfoSchema.extend({
  offices: z.array(newOrExistingEntry('officeId', officeInfoSchema)).max(50).default([]),
  wastes: z.array(newOrExistingEntry('wasteId', dischargeSiteInfoSchema)).max(200).default([]),
});
export type AccountUpdateRequest = z.infer<typeof accountUpdateRequestSchema>;

/** The saved account information and a fresh token (its subNum/ediKey claims, and so the permissions, may change). */
export const accountUpdateResponseSchema = z.object({ info: accountInfoResponseSchema, token: z.string() });
export type AccountUpdateResponse = z.infer<typeof accountUpdateResponseSchema>;
