import { z } from 'zod';
import { BILLING_MONTH_PATTERN, INVOICE_MAX_PER_REGISTRATION, INVOICE_SOURCES } from '../invoice-rules';
import {
  INVOICE_TAX_RATES,
  isBillableQuantity,
  normalizeInvoiceRegistrationNumber,
  validateInvoiceRegistrationNumber,
} from '../rules/qualified-invoice';
import { idParam, idSchema, isoDateSchema } from '../validation';

const registrationNumberCode = (reason: 'format' | 'check_digit') =>
  reason === 'format' ? 'invoice_registration_number_invalid' : 'invoice_registration_number_check_digit';

/**
 * The account information's qualified-invoice registration number: left out keeps the stored one, empty or
 * null clears it, anything else must be 'T' + 13 digits with a valid check digit (full-width and lower-case
 * are accepted) and comes out normalised.
 */
export const accountInvoiceRegistrationNumberSchema = z
  .string({ error: 'invalid_format' })
  .max(40, 'max_length_exceeded')
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value == null) return value;
    if (!normalizeInvoiceRegistrationNumber(value)) return null;
    const result = validateInvoiceRegistrationNumber(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: registrationNumberCode(result.reason) });
    return z.NEVER;
  });

/** YYYY-MM, a Japan-time calendar month from 2000 to 2100. */
export const billingMonthSchema = z
  .string({ error: 'MSG_00_21' })
  .min(1, 'MSG_00_21')
  .regex(BILLING_MONTH_PATTERN, 'invoice_month_invalid');

/**
 * The months a transporter confirmed billing again although the project has billed them already (an uploaded
 * invoice is involved: a warning); without them such a registration is 409 invoice_month_billed_unconfirmed.
 */
export const confirmedBilledMonthsSchema = z
  .array(billingMonthSchema, { error: 'invalid_format' })
  .max(INVOICE_MAX_PER_REGISTRATION, 'invalid_format')
  .optional();

/** GET /trans/qualified-invoices/draft?projectId=&month= */
export const qualifiedInvoiceDraftQuerySchema = z.object({
  projectId: idParam(),
  month: billingMonthSchema,
});

const taxRateSchema = z.union(INVOICE_TAX_RATES.map((r) => z.literal(r)));

export const QUALIFIED_INVOICE_LINE_KINDS = ['WASTE', 'MANIFEST_FEE'] as const;

export const qualifiedInvoiceLineSchema = z.object({
  /** `waste-<wasteLineId>` or `manifest-fee`: what an edited quantity is sent back with. */
  key: z.string(),
  kind: z.enum(QUALIFIED_INVOICE_LINE_KINDS),
  description: z.string(),
  /** First and last transaction date (YYYY-MM-DD, Japan dates). */
  dateFrom: z.string(),
  dateTo: z.string(),
  /** Decimal text, at most 3 decimals. */
  quantity: z.string(),
  /** What the reports (or manifests) of the month add up to. */
  reportedQuantity: z.string(),
  unit: z.string(),
  /** Whole yen, tax excluded, from the contract. */
  unitPrice: z.number(),
  taxRate: taxRateSchema,
  /** quantity × unitPrice rounded half up. */
  amount: z.number(),
});
export type QualifiedInvoiceLineDto = z.infer<typeof qualifiedInvoiceLineSchema>;

export const qualifiedInvoiceRateSchema = z.object({
  taxRate: taxRateSchema,
  subtotal: z.number(),
  tax: z.number(),
});

/** What the screen shows before an invoice is generated or sent. */
export const qualifiedInvoiceFlagSchema = z.discriminatedUnion('code', [
  /** The issuer has no registration number: set it in the account information. */
  z.object({ code: z.literal('REGISTRATION_NUMBER_MISSING') }),
  /** A bank-transfer contract and no bank account to print as 振込先: register one in the account information. */
  z.object({ code: z.literal('BANK_ACCOUNT_MISSING') }),
  /**
   * The month is already billed by a current invoice of the project, one flag per invoice (named by its
   * 請求書番号). By a generated one: registering is refused (correct that one instead); by an uploaded one: a
   * warning the transporter confirms.
   */
  z.object({
    code: z.literal('MONTH_ALREADY_BILLED'),
    invoiceId: z.number(),
    invoiceNumber: z.number(),
    source: z.enum(INVOICE_SOURCES),
  }),
  /** No approved report in the month: nothing to bill from reports. */
  z.object({ code: z.literal('NO_APPROVED_REPORTS') }),
  /** Reports of the month whose correction or deletion awaits the discharger (or was refused): not billed. */
  z.object({ code: z.literal('REPORTS_NOT_SETTLED'), count: z.number() }),
  /** Reports whose unit is not the contract price's unit: not billed, never converted. */
  z.object({
    code: z.literal('UNIT_MISMATCH'),
    description: z.string(),
    reportedUnit: z.string().nullable(),
    contractUnit: z.string().nullable(),
    quantity: z.string(),
    reportCount: z.number(),
  }),
  /** Reports of a waste the contract has no unit price for: not billed. */
  z.object({
    code: z.literal('NO_CONTRACT_PRICE'),
    description: z.string(),
    unit: z.string().nullable(),
    quantity: z.string(),
    reportCount: z.number(),
  }),
  /** A billed quantity differs from the reported one (an edited line, or a line left out). */
  z.object({
    code: z.literal('QUANTITY_DIFFERS'),
    key: z.string(),
    description: z.string(),
    unit: z.string(),
    billed: z.string().nullable(),
    reported: z.string().nullable(),
    difference: z.string(),
  }),
]);
export type QualifiedInvoiceFlag = z.infer<typeof qualifiedInvoiceFlagSchema>;

export const qualifiedInvoiceDraftSchema = z.object({
  projectId: z.number(),
  projectTitle: z.string(),
  month: z.string(),
  /** First and last day of the month. */
  periodFrom: z.string(),
  periodTo: z.string(),
  issuer: z.object({
    companyName: z.string(),
    postalCode: z.string(),
    address: z.string(),
    telephone: z.string(),
    registrationNumber: z.string().nullable(),
  }),
  recipient: z.object({ companyName: z.string() }),
  lines: z.array(qualifiedInvoiceLineSchema),
  rates: z.array(qualifiedInvoiceRateSchema),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  flags: z.array(qualifiedInvoiceFlagSchema),
});
export type QualifiedInvoiceDraft = z.infer<typeof qualifiedInvoiceDraftSchema>;

/** An edited quantity: decimal text or number, at most 3 decimals. */
export const billedQuantitySchema = z
  .union([z.string(), z.number()], { error: 'invalid_format' })
  .refine(isBillableQuantity, 'invalid_format')
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()));

/** POST /trans/qualified-invoices/pdf: the draft's lines to bill, by key, with their (edited) quantities. */
export const qualifiedInvoicePdfRequestSchema = z
  .object({
    projectId: idSchema,
    month: billingMonthSchema,
    billingDate: isoDateSchema(),
    dueDate: isoDateSchema(),
    lines: z
      .array(
        z.object({
          key: z.string().min(1, 'MSG_00_21').max(64, 'max_length_exceeded'),
          quantity: billedQuantitySchema,
        }),
      )
      .min(1, 'invoice_no_billable_lines')
      .max(100, 'invalid_format'),
    /** Registering: the month, when the transporter confirmed billing it again (an uploaded invoice bills it). */
    confirmedBilledMonths: confirmedBilledMonthsSchema,
  })
  .superRefine((body, ctx) => {
    if (body.dueDate < body.billingDate)
      ctx.addIssue({ code: 'custom', message: 'due_date_before_billing_date', path: ['dueDate'] });
    const seen = new Set<string>();
    body.lines.forEach((l, i) => {
      if (seen.has(l.key))
        ctx.addIssue({ code: 'custom', message: 'invalid_format', path: ['lines', i, 'key'] });
      seen.add(l.key);
    });
  });
export type QualifiedInvoicePdfRequest = z.input<typeof qualifiedInvoicePdfRequestSchema>;

/** Response headers of the PDF call: the figures the client shows beside the preview. */
export const QUALIFIED_INVOICE_TOTAL_HEADER = 'x-invoice-total';
