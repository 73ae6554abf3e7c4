import { z } from 'zod';
import {
  CONTRACT_FORMS,
  CONTRACT_STATUSES,
  type ContractFileKind,
  contractDateIssues,
  RENEWAL_DECISIONS,
} from '../contract-rules';
import { CONTRACT_TYPES, PAYMENT_TYPES, PROJECT_STATUSES, PROJECT_TYPES } from '../enums';
import { QUOTE_UNIT_PRICE_MAX } from '../quote-amount';
import { idParam, idSchema, isoDateSchema, requiredString } from '../validation';
import { attachmentSchema } from './common';

export const CONTRACT_MAX_LENGTH = {
  contractName: 64,
  contactPerson: 16,
  licenseNumber: 32,
  licenseDistrict: 32,
  returnReason: 512,
} as const;

/** Fees and unit prices: whole yen. */
export const CONTRACT_FEE_MAX = 99_999_999;

const dateSchema = isoDateSchema();

const yen = (max: number) =>
  z.number({ error: 'MSG_00_21' }).int('invalid_format').min(0, 'invalid_format').max(max, 'invalid_format');

/** Fields of a contract as the transporter writes it (PUT /trans/projects/{id}/contract). */
export const contractInputSchema = z
  .object({
    contractName: requiredString(CONTRACT_MAX_LENGTH.contractName),
    startDate: dateSchema,
    endDate: dateSchema,
    contractType: z.enum(CONTRACT_TYPES, { error: 'MSG_00_21' }).default('AUTO_UPDATE'),
    contractForm: z.enum(CONTRACT_FORMS, { error: 'MSG_00_21' }).default('COMBINED'),
    paymentMethod: z.enum(PAYMENT_TYPES, { error: 'MSG_00_21' }).default('PAYMENT_INVOICE'),
    /**
     * One price per waste line of the project, from the accepted quote unless changed. An industrial line of a
     * COMBINED contract carries its transport and disposal parts too; its unit price is their sum (the server
     * sets it), and a missing part is refused with unit_price_cannot_be_confirmed.
     */
    unitPrices: z
      .array(
        z.object({
          wasteLineId: idSchema,
          unitPrice: yen(QUOTE_UNIT_PRICE_MAX),
          transportUnitPrice: yen(QUOTE_UNIT_PRICE_MAX).nullish(),
          disposalUnitPrice: yen(QUOTE_UNIT_PRICE_MAX).nullish(),
        }),
      )
      .min(1, 'MSG_00_21')
      .max(30),
    manifestFee: yen(CONTRACT_FEE_MAX).default(0),
    preparationFee: yen(CONTRACT_FEE_MAX).default(0),
    contactPerson: requiredString(CONTRACT_MAX_LENGTH.contactPerson),
    /**
     * The transporter's collection-and-transport permit the license is chosen from (valid on the start date,
     * contractPermitIssue). The server copies its district, number and expiry into licenseDistrict,
     * licenseNumber and licenseExpireDate: they are not typed.
     */
    permitId: idSchema,
  })
  .superRefine((c, ctx) => {
    // Order only; whether the start lies in the past depends on today and is checked on send.
    for (const issue of contractDateIssues(c, '0000-01-01'))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.code });
    const seen = new Set<number>();
    c.unitPrices.forEach((line, i) => {
      if (seen.has(line.wasteLineId))
        ctx.addIssue({ code: 'custom', path: ['unitPrices', i, 'wasteLineId'], message: 'invalid_format' });
      seen.add(line.wasteLineId);
    });
  });
export type ContractInput = z.infer<typeof contractInputSchema>;

/** Body of POST /projects/{id}/contract/return. */
export const returnContractSchema = z.object({
  reason: z.string().trim().min(1, 'MSG_00_21').max(CONTRACT_MAX_LENGTH.returnReason, 'max_length_exceeded'),
});

/** Body of POST /projects/{id}/contract/renewal and its trans/ variant. */
export const renewalDecisionSchema = z.object({
  renewal: z.enum(RENEWAL_DECISIONS, { error: 'MSG_00_21' }),
});

export const contractFileKindParamSchema = z.object({
  id: idParam(),
  kind: z.enum(['disposal', 'regular', 'combine', 'collection'] satisfies ContractFileKind[]),
});

/**
 * The permit a contract's license was chosen from, as it is now: its covered waste kinds and its PDF copy,
 * which either party downloads as one of the contract's documents (GET /projects/{id}/contract/permit-file).
 */
export const contractPermitSchema = z.object({
  id: z.number(),
  districtCode: z.string(),
  licenseNumber: z.string(),
  issueDate: z.string(),
  expiryDate: z.string(),
  wasteKinds: z.array(z.object({ id: z.number(), name: z.string() })),
  file: attachmentSchema.nullable(),
});
export type ContractPermit = z.infer<typeof contractPermitSchema>;

/** A project's contract as both sides see it (Project.contract). */
export const contractSchema = z.object({
  id: z.number(),
  status: z.enum(CONTRACT_STATUSES),
  contractName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  contractType: z.enum(CONTRACT_TYPES),
  contractForm: z.enum(CONTRACT_FORMS),
  paymentMethod: z.enum(PAYMENT_TYPES),
  renewal: z.enum(RENEWAL_DECISIONS).nullable(),
  unitPrices: z.array(
    z.object({
      wasteLineId: z.number(),
      wasteName: z.string(),
      unitPrice: z.number(),
      /** The two parts of a COMBINED contract's industrial line (their sum is unitPrice), else null. */
      transportUnitPrice: z.number().nullable(),
      disposalUnitPrice: z.number().nullable(),
      unit: z.string().nullable(),
    }),
  ),
  manifestFee: z.number(),
  preparationFee: z.number(),
  contactPerson: z.string(),
  licenseNumber: z.string(),
  licenseDistrict: z.string(),
  licenseExpireDate: z.string(),
  /** null for a contract written before licenses were chosen from permits. */
  permit: contractPermitSchema.nullable(),
  returnReason: z.string().nullable(),
  file: z.object({
    disposal: attachmentSchema.nullable(),
    regular: attachmentSchema.nullable(),
    combine: attachmentSchema.nullable(),
    collection: attachmentSchema.nullable(),
  }),
  sentDate: z.string().nullable(),
  approvedDate: z.string().nullable(),
  /** The last day it is kept (the shared retention rule, `keptUntil`). */
  keptUntil: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

/** GET /contracts and GET /trans/contracts: one row per project that has a contract. */
export const contractListItemSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  projectStatus: z.enum(PROJECT_STATUSES),
  type: z.enum(PROJECT_TYPES),
  contractName: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  startDate: z.string(),
  endDate: z.string(),
  contractType: z.enum(CONTRACT_TYPES),
  renewal: z.enum(RENEWAL_DECISIONS).nullable(),
  /** The other side: the transporter for a discharger, the discharger for a transporter. */
  counterpart: z.object({ id: z.number(), name: z.string() }),
  fileKinds: z.array(z.enum(['disposal', 'regular', 'combine', 'collection'])),
  /** The chosen permit has a PDF copy to download with the documents. */
  hasPermitCopy: z.boolean(),
  updatedDate: z.string(),
});
export type ContractListItem = z.infer<typeof contractListItemSchema>;

/**
 * GET /trans/projects/{id}/contract-draft: what the contract form starts from: the saved contract, or
 * defaults from the project and its accepted quote (prices, a one-year period from next month).
 */
export const contractDraftSchema = z.object({
  contractName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  contractType: z.enum(CONTRACT_TYPES),
  contractForm: z.enum(CONTRACT_FORMS),
  paymentMethod: z.enum(PAYMENT_TYPES),
  unitPrices: z.array(
    z.object({
      wasteLineId: z.number(),
      wasteName: z.string(),
      kind: z.enum(['INDUSTRIAL', 'REGULAR']),
      unitPrice: z.number(),
      /**
       * Transport and disposal parts: the saved contract's, else the accepted quote's, else the company's price
       * lists in effect today (industrial lines; null where none is found, which a COMBINED contract refuses).
       */
      transportUnitPrice: z.number().nullable(),
      disposalUnitPrice: z.number().nullable(),
      unit: z.string().nullable(),
      /** The quantity the quote states, for the amount shown beside the price. */
      quantity: z.number().nullable(),
    }),
  ),
  manifestFee: z.number(),
  preparationFee: z.number(),
  contactPerson: z.string(),
  licenseNumber: z.string(),
  licenseDistrict: z.string(),
  licenseExpireDate: z.string(),
  /** The permit the license is chosen from: the saved one, or for a new contract the latest contract's if usable. */
  permitId: z.number().nullable(),
  /** The discharger's reason when the contract came back, shown above the form. */
  returnReason: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES).nullable(),
});
export type ContractDraft = z.infer<typeof contractDraftSchema>;
